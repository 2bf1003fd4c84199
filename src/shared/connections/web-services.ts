// The web research services an organisation may bring its own keys for (issue 16, decision 092). Without
// them here, the tools use the operator's keys from the environment (README); with them, the organisation's.
// They are stored, encrypted and managed like the shared integrations (same route, same admin rule).
import { z } from "zod";
import type { ConnectionDefinition } from "./types";

const req = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);
const opt = () => z.string().trim().optional().or(z.literal(""));

/** Reddit user names: 3–20 letters, digits, "_" or "-"; it goes into the User-Agent header. */
const REDDIT_USERNAME = /^[A-Za-z0-9_-]{3,20}$/;

const service = (
  def: Omit<ConnectionDefinition, "kind" | "integrationType" | "fields" | "schema"> & {
    shape: Record<string, z.ZodTypeAny>;
  },
): ConnectionDefinition => {
  const { shape, ...rest } = def;
  return {
    ...rest,
    kind: "integration",
    integrationType: "shared",
    schema: z.object(shape),
    fields: Object.keys(shape),
  };
};

export const WEB_SERVICES: readonly ConnectionDefinition[] = [
  service({
    key: "google_search",
    name: "Google Programmable Search",
    description: "Web search for search_google: a Custom Search JSON API key and a search engine ID.",
    logoUrl: "/integrations/google-search.svg",
    shape: { api_key: req("API key is required"), cx: req("Search engine ID is required") },
    fieldLabels: { api_key: "API Key", cx: "Search Engine ID (cx)" },
  }),
  service({
    key: "perplexity",
    name: "Perplexity",
    description: "Answers with citations and deep research for ask_web and perplexity_deep_research.",
    logoUrl: "/integrations/perplexity.svg",
    shape: { api_key: req("API key is required") },
    fieldLabels: { api_key: "API Key" },
    fieldConfig: { api_key: { placeholder: "pplx-…" } },
  }),
  service({
    key: "reddit",
    name: "Reddit",
    description: "Posts and comments for read_subreddit and search_reddit, through a Reddit script or web app.",
    logoUrl: "/integrations/reddit.svg",
    shape: {
      client_id: req("Client ID is required"),
      client_secret: req("Client secret is required"),
      username: opt().refine(
        (v) => !v || REDDIT_USERNAME.test(v),
        "Reddit username may contain only letters, digits, '_' and '-' (3 to 20)",
      ),
    },
    optionalFields: ["username"],
    fieldLabels: {
      client_id: "Client ID",
      client_secret: "Client Secret",
      username: "Reddit Username (optional)",
    },
  }),
  service({
    key: "tiktok",
    name: "TikTok Research API",
    description: "Videos, captions and comments for search_tiktok: an app with Research API access.",
    logoUrl: "/integrations/tiktok.svg",
    shape: { client_key: req("Client key is required"), client_secret: req("Client secret is required") },
    fieldLabels: { client_key: "Client Key", client_secret: "Client Secret" },
  }),
  service({
    key: "fooddata_central",
    name: "USDA FoodData Central",
    description: "Branded food products for search_fd_products: a free api.data.gov key.",
    logoUrl: "/integrations/fooddata-central.svg",
    shape: { api_key: req("API key is required") },
    fieldLabels: { api_key: "API Key" },
  }),
];

export type WebServiceKey = "google_search" | "perplexity" | "reddit" | "tiktok" | "fooddata_central";

export const WEB_SERVICE_BY_KEY = Object.fromEntries(WEB_SERVICES.map((s) => [s.key, s])) as Record<
  string,
  ConnectionDefinition
>;

/** The service whose keys each web tool runs on. */
export const WEB_SERVICE_OF_TOOL: Readonly<Record<string, WebServiceKey>> = {
  search_google: "google_search",
  ask_web: "perplexity",
  perplexity_deep_research: "perplexity",
  read_subreddit: "reddit",
  search_reddit: "reddit",
  search_tiktok: "tiktok",
  search_fd_products: "fooddata_central",
};
