// Decision 092: the web research services an organisation may bring its own keys for.
import { describe, expect, it } from "vitest";
import { toolsByName } from "@/tools/registry";
import { connectionDefinition } from "./catalog";
import { fieldInputType, isSecretField } from "./types";
import { WEB_SERVICE_BY_KEY, WEB_SERVICE_OF_TOOL, WEB_SERVICES } from "./web-services";

describe("web research services", () => {
  it("are shared integrations with labelled fields, found by the connections route's catalogue", () => {
    expect(WEB_SERVICES.map((s) => s.key)).toEqual([
      "google_search",
      "perplexity",
      "reddit",
      "tiktok",
      "fooddata_central",
    ]);
    for (const def of WEB_SERVICES) {
      expect(connectionDefinition(def.key)).toBe(def);
      expect(def.kind).toBe("integration");
      expect(def.integrationType).toBe("shared");
      expect(def.logoUrl).toMatch(/^\/integrations\/.+\.svg$/);
      for (const field of def.fields) expect(def.fieldLabels[field], `${def.key}.${field}`).toBeTruthy();
    }
  });

  it("mask the secrets and show the identifiers", () => {
    const masked = (key: string) => WEB_SERVICE_BY_KEY[key]!.fields.filter(isSecretField);
    expect(masked("google_search")).toEqual(["api_key"]);
    expect(masked("perplexity")).toEqual(["api_key"]);
    expect(masked("reddit")).toEqual(["client_secret"]);
    expect(masked("tiktok")).toEqual(["client_key", "client_secret"]);
    expect(masked("fooddata_central")).toEqual(["api_key"]);
    expect(fieldInputType("cx")).toBe("text");
    expect(fieldInputType("client_id")).toBe("text");
  });

  it("require every field but Reddit's username, trimmed", () => {
    for (const def of WEB_SERVICES) {
      const required = def.fields.filter((f) => !def.optionalFields?.includes(f));
      const full = Object.fromEntries(required.map((f) => [f, ` ${f}-value `]));
      expect(def.schema.parse(full)).toEqual(Object.fromEntries(required.map((f) => [f, `${f}-value`])));
      for (const missing of required) {
        const { [missing]: _gone, ...rest } = full;
        expect(def.schema.safeParse(rest).success, `${def.key} without ${missing}`).toBe(false);
      }
    }
    expect(WEB_SERVICE_BY_KEY.reddit!.optionalFields).toEqual(["username"]);
  });

  it("name the web tools that run on them, each a real catalogue tool", () => {
    for (const [tool, service] of Object.entries(WEB_SERVICE_OF_TOOL)) {
      expect(toolsByName[tool], tool).toBeDefined();
      expect(WEB_SERVICE_BY_KEY[service], service).toBeDefined();
    }
    expect(Object.keys(WEB_SERVICE_OF_TOOL).sort()).toEqual([
      "ask_web",
      "perplexity_deep_research",
      "read_subreddit",
      "search_fd_products",
      "search_google",
      "search_reddit",
      "search_tiktok",
    ]);
  });
});
