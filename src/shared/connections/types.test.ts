import { describe, expect, it } from "vitest";
import { fieldInputType, isSecretField } from "./types";
import { INTEGRATIONS, isOAuthConnected } from "./integrations";
import { PROVIDER_BY_KEY, PROVIDERS } from "./providers";

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
    for (const f of ["OPENAI_API_KEY", "AWS_SECRET_ACCESS_KEY", "password", "token", "api_key"])
      expect(isSecretField(f)).toBe(true);
    for (const f of ["host", "RESOURCE_NAME", "AWS_REGION", "account"]) expect(isSecretField(f)).toBe(false);
  });

  it("[PROV-01][INTEG-01] the providers and integrations", () => {
    expect(PROVIDERS.map((p) => p.key)).toEqual([
      "openai",
      "azure_openai",
      "anthropic",
      "google",
      "google_vertex",
      "aws_bedrock",
      "xai",
      "openai_compatible",
    ]);
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

  it("[PROV-02] every connection has key, name, description, logo, field schema and labels; integrations are shared; coming soon and OAuth are declared", () => {
    for (const def of [...PROVIDERS, ...INTEGRATIONS]) {
      expect(def.key, def.key).toMatch(/^[a-z_-]+$/);
      expect(def.name.length, def.key).toBeGreaterThan(0);
      expect(def.description.length, def.key).toBeGreaterThan(0);
      expect(def.logoUrl, def.key).toMatch(/^\/(providers|integrations)\/.+\.svg$/);
      // The schema validates exactly the listed fields, and every field has a label.
      for (const field of def.fields) expect(def.fieldLabels[field], `${def.key}.${field}`).toBeTruthy();
      for (const field of Object.keys(def.fieldConfig ?? {}))
        expect(def.fields, `${def.key}.${field}`).toContain(field);
      for (const section of def.sections ?? []) for (const field of section.fields) expect(def.fields).toContain(field);
    }
    for (const def of INTEGRATIONS) expect(def.integrationType, def.key).toBe("shared");
    const byKey = Object.fromEntries(INTEGRATIONS.map((i) => [i.key, i]));
    expect(byKey.bigquery!.comingSoon).toBe(true);
    expect(byKey["google-sheets"]!.requiresOAuth).toEqual({
      provider: "google",
      scopes: ["https://www.googleapis.com/auth/spreadsheets"],
    });
    expect(byKey.snowflake!.sections?.map((s) => s.title)).toEqual(["Authentication", "Location"]);
    expect(byKey.snowflake!.fieldConfig?.auth_method?.options).toEqual(["password", "pat"]);
  });

  // Plausible values for fields with a format (security #7); any text for the others.
  const SAMPLE: Record<string, string> = {
    GOOGLE_CLOUD_LOCATION: "us-central1",
    GOOGLE_CLOUD_JSON_KEY: JSON.stringify({
      type: "service_account",
      client_email: "sa@p.iam.gserviceaccount.com",
      private_key: "k",
    }),
  };
  const sample = (f: string) => SAMPLE[f] ?? "value";
  const needs = (key: string) => {
    const def = PROVIDER_BY_KEY[key]!;
    const required = def.fields.filter((f) => !def.optionalFields?.includes(f));
    // Each required field on its own is refused when missing.
    for (const missing of required) {
      const data = Object.fromEntries(required.filter((f) => f !== missing).map((f) => [f, sample(f)]));
      expect(def.schema.safeParse(data).success, `${key} without ${missing}`).toBe(false);
    }
    expect(def.schema.safeParse(Object.fromEntries(required.map((f) => [f, sample(f)]))).success).toBe(true);
    return required;
  };

  it("[PROV-08] anthropic needs ANTHROPIC_API_KEY", () => {
    expect(needs("anthropic")).toEqual(["ANTHROPIC_API_KEY"]);
  });

  it("[PROV-09] google needs GOOGLE_API_KEY", () => {
    expect(needs("google")).toEqual(["GOOGLE_API_KEY"]);
  });

  it("[PROV-10] google_vertex needs GOOGLE_CLOUD_PROJECT_ID, GOOGLE_CLOUD_LOCATION and GOOGLE_CLOUD_JSON_KEY", () => {
    expect(needs("google_vertex")).toEqual([
      "GOOGLE_CLOUD_PROJECT_ID",
      "GOOGLE_CLOUD_LOCATION",
      "GOOGLE_CLOUD_JSON_KEY",
    ]);
  });

  it("[PROV-12] xai needs XAI_API_KEY", () => {
    expect(needs("xai")).toEqual(["XAI_API_KEY"]);
  });
});
