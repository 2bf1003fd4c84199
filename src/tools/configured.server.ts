// Tools that run only once the server operator configured them (keys in the environment, SMTP): their
// names when that configuration is missing, so the agent form can mark them before anyone chats
// (decision 080). Each check reads what the tool itself reads at each call; no value leaves the server.
import { toolMailer } from "../server/email/tool-mailer";
import { foodDataCentralConfigured } from "../server/web-apis/food-data-central";
import { redditConfigured } from "../server/web-apis/reddit";
import { tiktokConfigured } from "../server/web-apis/tiktok";
import { perplexityKey } from "../server/web-search/perplexity";
import { webSearchConfigured } from "./search-google/engines.server";

const perplexityConfigured = () => perplexityKey() !== undefined;

const CHECKS: Record<string, () => boolean> = {
  search_google: webSearchConfigured,
  ask_web: perplexityConfigured,
  perplexity_deep_research: perplexityConfigured,
  read_subreddit: redditConfigured,
  search_reddit: redditConfigured,
  search_tiktok: tiktokConfigured,
  search_fd_products: foodDataCentralConfigured,
  send_email: () => toolMailer() !== null,
};

/** Catalogue names of the tools whose server configuration is missing, in no particular order. */
export function unconfiguredTools(): string[] {
  return Object.entries(CHECKS)
    .filter(([, configured]) => !configured())
    .map(([name]) => name);
}
