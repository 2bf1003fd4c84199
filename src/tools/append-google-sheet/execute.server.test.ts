// append_google_sheet against a loopback Sheets API v4: rows land after the table, USER_ENTERED, on the
// tab and range asked, through the calling user's linked Google account; every error has its prefix.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { linkGoogleAccount, unlinkGoogleAccount } from "../../server/test/google-accounts";
import { GOOGLE_SHEETS_NOT_CONNECTED } from "../../server/google/access-token";
import { setGoogleOAuthClient } from "../../server/google/oauth-client";
import {
  startFakeGoogleSheets,
  SPREADSHEETS_READONLY_SCOPE,
  type FakeGoogleSheets,
} from "../../../e2e/support/fake-google-sheets";
import type { ToolContext } from "../executor.server";
import { appendGoogleSheet } from "./definition";
import { APPEND_LIMITS, execute } from "./execute.server";

let f: TenancyFixture;
let google: FakeGoogleSheets;
const SHEET = "1AppendSheetXyZ";

const ctx = (userId: string) =>
  ({
    orgId: f.a.id,
    user: { id: userId, name: "u", email: "u@x" },
    abortSignal: new AbortController().signal,
  }) as ToolContext;
const append = (args: Record<string, unknown>, userId = f.a.admin.userId) =>
  execute(appendGoogleSheet.input.parse({ sheet_id: SHEET, ...args }), ctx(userId)) as Promise<Record<string, any>>;
const lastSheetsCall = () => google.requests.filter((r) => r.path.startsWith("/v4/")).at(-1)!;
const statusLine = (result: Record<string, any>) =>
  appendGoogleSheet.statusLine!({
    ok: result.status === "success",
    args: {},
    result,
    displayName: "Append to Google Sheet",
  });

beforeAll(async () => {
  f = await createTenancyFixture((await getTestContext()).app);
  google = await startFakeGoogleSheets();
  process.env.GOOGLE_SHEETS_BASE_URL = google.url;
  // A server with Google sign-in configured: only there can a member link an account.
  setGoogleOAuthClient({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    discoveryUrl: google.discoveryUrl,
  });
  google.spreadsheets.set(SHEET, [
    {
      title: "Leads",
      rows: [
        ["Name", "Email", "Score"],
        ["Ana", "ana@x.test", "7"],
      ],
    },
    { title: "Log 2024", rows: [] },
  ]);
  await linkGoogleAccount({ userId: f.a.admin.userId, accessToken: google.issueAccessToken() });
});
afterEach(() => {
  APPEND_LIMITS.maxRows = 10_000;
});
afterAll(async () => {
  delete process.env.GOOGLE_SHEETS_BASE_URL;
  setGoogleOAuthClient(null);
  await google?.close();
});

describe("append_google_sheet", () => {
  it("[TOOL-16] appends rows after the first tab's table through A:A by default, as USER_ENTERED; null keeps its column", async () => {
    const result = await append({
      values: [
        ["Bo", "bo@x.test", 9],
        ["Cy", null, true],
      ],
    });
    expect(result).toEqual({
      status: "success",
      content: "Appended 2 rows to Leads!A3:C4.",
      tableRange: "Leads!A1:C2",
      updatedRange: "Leads!A3:C4",
      updatedRows: 2,
      updatedColumns: 3,
      updatedCells: 6,
    });
    const call = lastSheetsCall();
    expect(call.method).toBe("POST");
    expect(call.path).toBe(`/v4/spreadsheets/${SHEET}/values/A%3AA:append`);
    expect(call.query.get("valueInputOption")).toBe("USER_ENTERED");
    expect(call.body).toEqual({
      range: "A:A",
      majorDimension: "ROWS",
      values: [
        ["Bo", "bo@x.test", 9],
        ["Cy", "", true],
      ],
    });
    expect(google.spreadsheets.get(SHEET)![0]!.rows.slice(2)).toEqual([
      ["Bo", "bo@x.test", 9],
      ["Cy", "", true],
    ]);
    expect(statusLine(result)).toBe("Appended to Google Sheet");
  });

  it("[TOOL-16] sheet_name and range pick the tab and columns; a range naming its own tab is used as given", async () => {
    const one = await append({ sheet_name: "Log 2024", range: "B:C", values: [["start", "=1+1"]] });
    expect(one).toMatchObject({ status: "success", content: "Appended 1 row to 'Log 2024'!B1:C1." });
    expect(decodeURIComponent(lastSheetsCall().path)).toBe(`/v4/spreadsheets/${SHEET}/values/'Log 2024'!B:C:append`);
    await append({ sheet_name: "ignored", range: "'Log 2024'!B:B", values: [["next"]] });
    expect(decodeURIComponent(lastSheetsCall().path)).toBe(`/v4/spreadsheets/${SHEET}/values/'Log 2024'!B:B:append`);
    expect(google.spreadsheets.get(SHEET)![1]!.rows).toEqual([
      [undefined, "start", "=1+1"],
      [undefined, "next"],
    ]);
  });

  it("[TOOLCARD-41] a grant without write access, an unknown tab or spreadsheet: Google's message after the prefix", async () => {
    const id = await linkGoogleAccount({
      userId: f.a.member.userId,
      accessToken: google.issueAccessToken({ scopes: [SPREADSHEETS_READONLY_SCOPE] }),
    });
    try {
      const readOnly = await append({ values: [["x"]] }, f.a.member.userId);
      expect(readOnly).toEqual({
        status: "error",
        error:
          "Error appending to Google Sheet: Request had insufficient authentication scopes. Use Connect with Google on this tool card to link your Google account again.",
        connect: "google-sheets",
      });
      expect(statusLine(readOnly)).toBe(readOnly.error);
    } finally {
      await unlinkGoogleAccount(id);
    }
    expect(await append({ sheet_name: "Nope", values: [["x"]] })).toEqual({
      status: "error",
      error: "Error appending to Google Sheet: Unable to parse range: 'Nope'!A:A",
    });
    const missing = await execute(
      appendGoogleSheet.input.parse({ sheet_id: "gone", values: [["x"]] }),
      ctx(f.a.admin.userId),
    );
    expect(missing).toEqual({
      status: "error",
      error: "Error appending to Google Sheet: Requested entity was not found.",
    });
  });

  it("[TOOLCARD-41] more rows than the limit are refused before calling Google", async () => {
    APPEND_LIMITS.maxRows = 2;
    const before = google.requests.length;
    expect(await append({ values: [["a"], ["b"], ["c"]] })).toEqual({
      status: "error",
      error: "Error appending to Google Sheet: at most 2 rows can be appended at once",
    });
    expect(google.requests).toHaveLength(before);
  });

  it("[TOOL-05] a user without a linked Google account gets an error naming Google Sheets", async () => {
    expect(await append({ values: [["x"]] }, f.b.admin.userId)).toEqual({
      status: "error",
      error: `Error appending to Google Sheet: ${GOOGLE_SHEETS_NOT_CONNECTED}`,
      connect: "google-sheets",
    });
  });
});
