// read_google_sheet against a loopback Sheets API v4 and Google token endpoint: the calling user's
// linked Google account, row ranges, columns, the row limit, token renewal, and every error the
// model and the card see.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { linkGoogleAccount, storedGoogleAccount, unlinkGoogleAccount } from "../../server/test/google-accounts";
import { setGoogleOAuthClient } from "../../server/google/oauth-client";
import { GOOGLE_NOT_CONFIGURED, GOOGLE_SHEETS_NOT_CONNECTED } from "../../server/google/access-token";
import { decryptOAuthToken } from "../../server/auth/oauth-tokens";
import { startFakeGoogleSheets, type FakeGoogleSheets } from "../../../e2e/support/fake-google-sheets";
import type { ToolContext } from "../executor.server";
import { readGoogleSheet } from "./definition";
import { READ_LIMITS, execute } from "./execute.server";

let f: TenancyFixture;
let google: FakeGoogleSheets;
let linked: string;
const SHEET = "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms";

const ctx = (userId: string, signal = new AbortController().signal) =>
  ({ orgId: f.a.id, user: { id: userId, name: "u", email: "u@x" }, abortSignal: signal }) as ToolContext;
const read = (args: Record<string, unknown>, userId = f.a.admin.userId) =>
  execute(readGoogleSheet.input.parse({ sheet_id: SHEET, ...args }), ctx(userId)) as Promise<Record<string, any>>;
const lastSheetsCall = () => google.requests.filter((r) => r.path.startsWith("/v4/")).at(-1)!;
const statusLine = (result: Record<string, any>) =>
  readGoogleSheet.statusLine!({ ok: result.status === "success", args: {}, result, displayName: "Read Google Sheet" });

beforeAll(async () => {
  f = await createTenancyFixture((await getTestContext()).app);
  google = await startFakeGoogleSheets();
  process.env.GOOGLE_SHEETS_BASE_URL = google.url;
  setGoogleOAuthClient({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    discoveryUrl: google.discoveryUrl,
  });
  google.spreadsheets.set(SHEET, [
    {
      title: "Sales",
      rows: [
        ["Region", "Q1", "Q2", "Owner"],
        ["EMEA", "100", "200", "Ana"],
        ["APAC", "150", "", "Bo"],
        ["AMER", "175", "250"],
        ["LATAM", "90", "95", "Cy"],
      ],
    },
    {
      title: "Q1 'final'",
      rows: [
        ["Month", "Total"],
        ["Jan", "1,000"],
        ["Feb", "2,000"],
      ],
    },
  ]);
  linked = await linkGoogleAccount({
    userId: f.a.admin.userId,
    accessToken: google.issueAccessToken(),
    refreshToken: google.issueRefreshToken(),
  });
});
afterEach(() => {
  READ_LIMITS.maxRows = 1000;
});
afterAll(async () => {
  delete process.env.GOOGLE_SHEETS_BASE_URL;
  setGoogleOAuthClient(null);
  await google?.close();
});

describe("read_google_sheet", () => {
  it("[TOOL-15] reads the first tab by default: its rows as arrays of cells, with the linked account's token", async () => {
    const result = await read({});
    expect(result).toEqual({
      status: "success",
      range: "Sales!A1:Z1000", // clipped to the grid, as Google does
      values: [
        ["Region", "Q1", "Q2", "Owner"],
        ["EMEA", "100", "200", "Ana"],
        ["APAC", "150", "", "Bo"],
        ["AMER", "175", "250"],
        ["LATAM", "90", "95", "Cy"],
      ],
    });
    const call = lastSheetsCall();
    expect(call.method).toBe("GET");
    expect(call.path).toBe(`/v4/spreadsheets/${SHEET}/values/1%3A1001`);
    expect(call.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(statusLine(result)).toBe("Read Google Sheet");
  });

  it("[TOOL-15] sheet_name, startRow and endRow choose the tab and rows (a tab name with spaces and quotes)", async () => {
    const result = await read({ sheet_name: "Q1 'final'", startRow: 2, endRow: 3 });
    expect(result).toMatchObject({
      status: "success",
      values: [
        ["Jan", "1,000"],
        ["Feb", "2,000"],
      ],
    });
    expect(decodeURIComponent(lastSheetsCall().path)).toBe(`/v4/spreadsheets/${SHEET}/values/'Q1 ''final'''!2:3`);
    expect((await read({ startRow: 4 })).values).toEqual([
      ["AMER", "175", "250"],
      ["LATAM", "90", "95", "Cy"],
    ]);
  });

  it("[TOOL-15] columns keep the named ones in the order asked: header names (any case) or letters; gaps are empty", async () => {
    const all = await read({ columns: ["owner", "A"] });
    expect(all.values).toEqual([
      ["Owner", "Region"],
      ["Ana", "EMEA"],
      ["Bo", "APAC"],
      ["", "AMER"],
      ["Cy", "LATAM"],
    ]);
    expect(all.columns).toEqual(["owner", "A"]); // the card heads its grid with them
    expect((await read({})).columns).toBeUndefined();
    // From row 3 on, the header row is read separately to find the names.
    const some = await read({ startRow: 3, endRow: 4, columns: ["Q2", "Region"] });
    expect(some.values).toEqual([
      ["", "APAC"],
      ["250", "AMER"],
    ]);
  });

  it("[TOOLCARD-40] an unknown column, or endRow before startRow, is an error saying so", async () => {
    const unknown = await read({ columns: ["Revenue"] });
    expect(unknown).toEqual({
      status: "error",
      error: 'Error reading Google Sheet: No column named "Revenue" (columns: Region, Q1, Q2, Owner)',
    });
    expect(statusLine(unknown)).toBe(unknown.error);
    expect(await read({ startRow: 5, endRow: 2 })).toEqual({
      status: "error",
      error: "Error reading Google Sheet: endRow (2) is before startRow (5)",
    });
  });

  it("returns at most the row limit, asking Google for one row more, and says where to go on", async () => {
    READ_LIMITS.maxRows = 2;
    const result = await read({ startRow: 2 });
    expect(decodeURIComponent(lastSheetsCall().path)).toMatch(/\/values\/2:4$/);
    expect(result.values).toEqual([
      ["EMEA", "100", "200", "Ana"],
      ["APAC", "150", "", "Bo"],
    ]);
    expect(result.message).toBe("Showing the first 2 rows: ask for the next rows with startRow 4.");
    // Exactly the limit: no message.
    expect((await read({ startRow: 4 })).message).toBeUndefined();
  });

  it("[TOOLCARD-40] Google's own error message follows the prefix: unknown spreadsheet, unknown tab", async () => {
    const missing = await execute(readGoogleSheet.input.parse({ sheet_id: "no-such-sheet" }), ctx(f.a.admin.userId));
    expect(missing).toEqual({ status: "error", error: "Error reading Google Sheet: Requested entity was not found." });
    expect(statusLine(missing as Record<string, any>)).toBe(
      "Error reading Google Sheet: Requested entity was not found.",
    );
    expect(await read({ sheet_name: "Nope" })).toEqual({
      status: "error",
      error: "Error reading Google Sheet: Unable to parse range: 'Nope'!1:1001",
    });
  });

  it("[TOOLCARD-40] an id that is no spreadsheet ID (.., a path, a newline, NUL) never reaches Google; a range of dots stays a range", async () => {
    const before = google.requests.length;
    for (const sheet_id of ["..", ".", "a/../b", "abc\nHost: x", "abc\u0000"]) {
      const res = await execute(readGoogleSheet.input.parse({ sheet_id }), ctx(f.a.admin.userId));
      expect(res).toMatchObject({
        status: "error",
        error: expect.stringMatching(/^Error reading Google Sheet: ".*" is not a spreadsheet ID\.$/s),
      });
    }
    expect(google.requests.length).toBe(before);
    await read({ sheet_name: ".." });
    expect(lastSheetsCall().path).toMatch(/^\/v4\/spreadsheets\/[A-Za-z0-9_-]+\/values\//);
  });

  it("an expired access token is renewed with the refresh token at Google's token endpoint, and stored encrypted", async () => {
    const id = await linkGoogleAccount({
      userId: f.a.member.userId,
      accessToken: google.issueAccessToken({ expiresInSeconds: -10 }),
      refreshToken: google.issueRefreshToken(),
      expiresAt: new Date(Date.now() - 10_000),
    });
    try {
      const before = google.requests.length;
      expect((await read({ endRow: 1 }, f.a.member.userId)).values).toEqual([["Region", "Q1", "Q2", "Owner"]]);
      const refresh = google.requests.slice(before).find((r) => r.path === "/token")!;
      expect(refresh.body).toMatchObject({ grant_type: "refresh_token", client_id: google.clientId });
      const row = await storedGoogleAccount(id);
      const token = await decryptOAuthToken(row.accessToken!);
      expect(row.accessToken).not.toContain("ya29");
      expect(lastSheetsCall().authorization).toBe(`Bearer ${token}`);
      expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
      // The next call reuses the stored token: no second refresh.
      const refreshes = google.requests.filter((r) => r.path === "/token").length;
      await read({ endRow: 1 }, f.a.member.userId);
      expect(google.requests.filter((r) => r.path === "/token")).toHaveLength(refreshes);
    } finally {
      await unlinkGoogleAccount(id);
    }
  });

  it("a token Google refuses (401 UNAUTHENTICATED) before its stored expiry is renewed once and the read repeated", async () => {
    const token = google.issueAccessToken();
    const id = await linkGoogleAccount({
      userId: f.b.admin.userId,
      accessToken: token,
      refreshToken: google.issueRefreshToken(),
    });
    try {
      google.revoke(token);
      expect((await read({ endRow: 1 }, f.b.admin.userId)).status).toBe("success");
    } finally {
      await unlinkGoogleAccount(id);
    }
  });

  it("[TOOLCARD-40] a revoked grant, or a token without a Sheets scope, asks to reconnect", async () => {
    const refresh = google.issueRefreshToken();
    const id = await linkGoogleAccount({
      userId: f.b.member.userId,
      accessToken: "ya29.revoked",
      refreshToken: refresh,
      expiresAt: new Date(Date.now() - 1000),
    });
    try {
      google.revoke(refresh);
      expect(await read({}, f.b.member.userId)).toEqual({
        status: "error",
        error:
          "Error reading Google Sheet: Google refused to renew access (invalid_grant: Token has been expired or revoked.). Use Connect with Google on this tool card to link your Google account again.",
        connect: "google-sheets",
      });
    } finally {
      await unlinkGoogleAccount(id);
    }
    const noScope = await linkGoogleAccount({
      userId: f.b.member.userId,
      accessToken: google.issueAccessToken({ scopes: ["openid", "email"] }),
    });
    try {
      expect(await read({}, f.b.member.userId)).toEqual({
        status: "error",
        error:
          "Error reading Google Sheet: Request had insufficient authentication scopes. Use Connect with Google on this tool card to link your Google account again.",
        connect: "google-sheets",
      });
    } finally {
      await unlinkGoogleAccount(noScope);
    }
  });

  it("[TOOL-05] without a linked Google account holding the spreadsheets scope the error names Google Sheets; another member's account is never used", async () => {
    // The admin of the same organisation linked one; the member has none.
    expect(await read({}, f.a.member.userId)).toEqual({
      status: "error",
      error: `Error reading Google Sheet: ${GOOGLE_SHEETS_NOT_CONNECTED}`,
      connect: "google-sheets",
    });
    const noSheets = await linkGoogleAccount({
      userId: f.outsider.userId,
      accessToken: google.issueAccessToken(),
      scope: "openid email profile",
    });
    try {
      expect((await read({}, f.outsider.userId)).error).toBe(
        `Error reading Google Sheet: ${GOOGLE_SHEETS_NOT_CONNECTED}`,
      );
    } finally {
      await unlinkGoogleAccount(noSheets);
    }
    expect(linked).toBeTruthy();
  });

  it("on a server without Google sign-in the error says so, and offers no Connect with Google", async () => {
    setGoogleOAuthClient(null);
    try {
      expect(await read({}, f.a.member.userId)).toEqual({
        status: "error",
        error: `Error reading Google Sheet: ${GOOGLE_NOT_CONFIGURED}`,
      });
    } finally {
      setGoogleOAuthClient({
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: google.discoveryUrl,
      });
    }
  });
});
