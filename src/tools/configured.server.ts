// Tools that run only once they are configured: keys in the environment or the organisation's own keys in
// Integrations (decision 092), SMTP. Their names when that configuration is missing, so the agent form can
// mark them before anyone chats (decision 080). Each check reads what the tool itself reads at each call;
// no value leaves the server.
import { toolMailer } from "../server/email/tool-mailer";
import { foodDataCentralConfigured } from "../server/web-apis/food-data-central";
import { redditConfigured } from "../server/web-apis/reddit";
import { tiktokConfigured } from "../server/web-apis/tiktok";
import { perplexityKey } from "../server/web-search/perplexity";
import { WEB_SERVICE_OF_TOOL } from "../shared/connections/web-services";
import { webSearchConfigured } from "./search-google/engines.server";

const perplexityConfigured = () => perplexityKey() !== undefined;

/** What the operator configured, per tool. */
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

/**
 * Catalogue names of the tools that cannot run, in no particular order. Without `connections`, what the
 * operator left unconfigured; with an organisation's connections map (keys only), what that organisation
 * still misses: a web tool whose service it connected has its own keys.
 */
export function unconfiguredTools(connections: Record<string, unknown> = {}): string[] {
  return Object.entries(CHECKS)
    .filter(([name, configured]) => {
      const service = WEB_SERVICE_OF_TOOL[name];
      return !(service && connections[service]) && !configured();
    })
    .map(([name]) => name);
}
