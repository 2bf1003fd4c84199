import { describe, expect, it } from "vitest";
import { toolUnavailableReason } from "./tool-availability";

const none = { connections: {}, externalAccounts: [] };

describe("toolUnavailableReason", () => {
  it("AGENT-25: tools without an integration are always available", () => {
    expect(toolUnavailableReason({}, none)).toBeNull();
  });
  it("AGENT-25: integration tools name the integration they need until it is connected", () => {
    expect(toolUnavailableReason({ requiredIntegration: "postgres" }, none)).toBe(
      "Requires the PostgreSQL integration",
    );
    expect(toolUnavailableReason({ requiredIntegration: "snowflake" }, none)).toBe(
      "Requires the Snowflake integration",
    );
    expect(
      toolUnavailableReason({ requiredIntegration: "postgres" }, { ...none, connections: { postgres: true } }),
    ).toBeNull();
  });
  it("AGENT-25: Google Sheets tools need the spreadsheet scope on the first external account", () => {
    const sheets = { requiredIntegration: "google-sheets" as const };
    expect(toolUnavailableReason(sheets, { connections: { "google-sheets": true }, externalAccounts: [] })).toBe(
      "Requires the Google Sheets integration",
    );
    const scoped = {
      connections: {},
      externalAccounts: [{ approvedScopes: ["https://www.googleapis.com/auth/spreadsheets"] }],
    };
    expect(toolUnavailableReason(sheets, scoped)).toBeNull();
  });
});
