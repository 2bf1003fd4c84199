import { describe, expect, it } from "vitest";
import { fieldInputType, isSecretField } from "./types";
import { INTEGRATIONS, isOAuthConnected } from "./integrations";
import { PROVIDERS } from "./providers";

describe("connection forms", () => {
  it("[PROV-16][PROV-17] field types: password, number, select, text", () => {
    expect(fieldInputType("password")).toBe("password");
    expect(fieldInputType("token")).toBe("password");
    expect(fieldInputType("AWS_SESSION_TOKEN")).toBe("password");
    expect(fieldInputType("OPENAI_API_KEY")).toBe("password");
    expect(fieldInputType("port")).toBe("number");
    expect(fieldInputType("sslmode", { options: ["disable"] })).toBe("select");
    expect(fieldInputType("host")).toBe("text");
  });

  it("masks fields whose name contains key, secret, password or token", () => {
    for (const f of ["OPENAI_API_KEY", "AWS_SECRET_ACCESS_KEY", "password", "token", "api_key"]) expect(isSecretField(f)).toBe(true);
    for (const f of ["host", "RESOURCE_NAME", "AWS_REGION", "account"]) expect(isSecretField(f)).toBe(false);
  });

  it("[PROV-01][INTEG-01] the providers and integrations", () => {
    expect(PROVIDERS.map((p) => p.key)).toEqual(["openai", "azure_openai", "anthropic", "google", "google_vertex", "aws_bedrock", "xai", "openai_compatible"]);
    expect(INTEGRATIONS.map((i) => i.key)).toEqual(["snowflake", "postgres", "pinecone", "bigquery", "google-sheets"]);
    expect(INTEGRATIONS.find((i) => i.key === "bigquery")?.comingSoon).toBe(true);
  });

  it("[INTEG-03] an OAuth integration is connected only when the first external account has every scope", () => {
    const sheets = INTEGRATIONS.find((i) => i.key === "google-sheets")!;
    const scope = "https://www.googleapis.com/auth/spreadsheets";
    expect(isOAuthConnected(sheets, [])).toBe(false);
    expect(isOAuthConnected(sheets, [{ approvedScopes: ["openid", scope] }])).toBe(true);
    expect(isOAuthConnected(sheets, [{ approvedScopes: ["openid"] }, { approvedScopes: [scope] }])).toBe(false);
  });
});
