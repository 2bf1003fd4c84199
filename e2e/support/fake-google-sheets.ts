// A loopback stand-in for the Google Sheets API v4 (values.get, values.append) and Google's OAuth token
// endpoint (refresh_token grant), speaking their documented JSON: ValueRange { range, majorDimension,
// values }, AppendValuesResponse { spreadsheetId, tableRange, updates }, errors { error: { code,
// message, status } } and OAuth errors { error, error_description }. Bearer tokens are checked the way
// Google does: unknown or expired → 401 UNAUTHENTICATED, without a Sheets scope → 403 PERMISSION_DENIED.
// Only erasable TypeScript, like fake-google.ts.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export const SPREADSHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets";
export const SPREADSHEETS_READONLY_SCOPE = "https://www.googleapis.com/auth/spreadsheets.readonly";
const GRID_ROWS = 1000;
const GRID_COLUMNS = 26;

export interface FakeSheetsRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeGoogleSheets {
  url: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Tabs in order (the first is the default one), each a list of rows. */
  spreadsheets: Map<string, Array<{ title: string; rows: unknown[][] }>>;
  requests: FakeSheetsRequest[];
  /** An access token Google would accept until `expiresInSeconds` from now. */
  issueAccessToken(opts?: { scopes?: string[]; expiresInSeconds?: number }): string;
  /** A refresh token whose grants carry these scopes. */
  issueRefreshToken(opts?: { scopes?: string[] }): string;
  revoke(token: string): void;
  close(): Promise<void>;
}

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } });

function json(res: ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const letters = (index: number): string => {
  let s = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};
const column = (l: string) => [...l].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
/** Google quotes a tab name in ranges only when it needs to. */
const quoteTab = (t: string) => (/^[A-Za-z0-9_]+$/.test(t) ? t : `'${t.replace(/'/g, "''")}'`);

interface Area {
  tab: { title: string; rows: unknown[][] };
  c1: number;
  c2: number;
  r1: number;
  r2: number;
}

/** An A1 range on the spreadsheet, clipped to the grid; null when it cannot be parsed. */
function parseRange(tabs: Array<{ title: string; rows: unknown[][] }>, range: string): Area | null {
  let tabName: string | undefined;
  let rest = range;
  const quoted = /^'((?:[^']|'')*)'(?:!(.*))?$/.exec(range);
  const bare = /^([^!']+)!(.*)$/.exec(range);
  if (quoted) [tabName, rest] = [quoted[1]!.replace(/''/g, "'"), quoted[2] ?? ""];
  else if (bare) [tabName, rest] = [bare[1]!, bare[2]!];
  else if (tabs.some((t) => t.title === range)) [tabName, rest] = [range, ""];
  const tab = tabName === undefined ? tabs[0] : tabs.find((t) => t.title === tabName);
  if (!tab) return null;
  const width = Math.max(GRID_COLUMNS, ...tab.rows.map((r) => r.length));
  const height = Math.max(GRID_ROWS, tab.rows.length);
  if (rest === "") return { tab, c1: 0, c2: width - 1, r1: 1, r2: height };
  const m = /^([A-Z]*)(\d*)(?::([A-Z]*)(\d*))?$/i.exec(rest);
  if (!m || (!m[1] && !m[2])) return null;
  const [, a, b, c, d] = m as unknown as [string, string, string, string | undefined, string | undefined];
  const single = c === undefined && d === undefined;
  const c1 = a ? column(a.toUpperCase()) : 0;
  const c2 = single ? c1 : c ? column(c.toUpperCase()) : width - 1;
  const r1 = b ? Number(b) : 1;
  const r2 = single ? r1 : d ? Number(d) : height;
  if (r1 < 1 || r2 < r1 || c2 < c1) return null;
  return { tab, c1, c2: Math.min(c2, width - 1), r1, r2: Math.min(r2, height) };
}

const a1 = (area: Area, r1 = area.r1, r2 = area.r2) =>
  `${quoteTab(area.tab.title)}!${letters(area.c1)}${r1}:${letters(area.c2)}${r2}`;

/** Google leaves out trailing empty cells of a row and trailing empty rows. */
function trimmed(rows: unknown[][]): unknown[][] {
  const out = rows.map((r) => {
    const row = [...r];
    while (row.length && (row[row.length - 1] === "" || row[row.length - 1] == null)) row.pop();
    return row;
  });
  while (out.length && out[out.length - 1]!.length === 0) out.pop();
  return out;
}

/** Who a bearer token belongs to, when another identity provider issued it (fake-google.ts). */
export type TokenLookup = (token: string) => Promise<{ scopes: string[]; expiresAt: number } | undefined>;

export type FakeSheetsApi = Omit<FakeGoogleSheets, "url" | "discoveryUrl" | "close"> & {
  handle(req: IncomingMessage, res: ServerResponse, base: string): Promise<void>;
};

/**
 * The stand-in's state and request handler, to serve on its own (startFakeGoogleSheets) or next to the
 * identity provider (fake-google.ts, whose access tokens `lookup` accepts as Google's Sheets API would).
 */
export function fakeSheetsApi(opts: { lookup?: TokenLookup } = {}): FakeSheetsApi {
  const access = new Map<string, { scopes: string[]; expiresAt: number }>();
  const refresh = new Map<string, { scopes: string[] }>();
  let serial = 0;
  const clientId = "fake-sheets-client.apps.googleusercontent.com";
  const clientSecret = "fake-sheets-client-secret";

  const fake: Omit<FakeGoogleSheets, "url" | "discoveryUrl" | "close"> = {
    clientId,
    clientSecret,
    spreadsheets: new Map(),
    requests: [],
    issueAccessToken({ scopes = [SPREADSHEETS_SCOPE], expiresInSeconds = 3599 } = {}) {
      const token = `ya29.fake-${++serial}-${Math.random().toString(36).slice(2)}`;
      access.set(token, { scopes, expiresAt: Date.now() + expiresInSeconds * 1000 });
      return token;
    },
    issueRefreshToken({ scopes = [SPREADSHEETS_SCOPE] } = {}) {
      const token = `1//fake-refresh-${++serial}-${Math.random().toString(36).slice(2)}`;
      refresh.set(token, { scopes });
      return token;
    },
    revoke(token) {
      access.delete(token);
      refresh.delete(token);
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse, base: string) {
    const url = new URL(req.url ?? "/", base);
    const raw = await readBody(req);
    const isForm = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
    const body = raw ? (isForm ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw)) : undefined;
    fake.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    });

    if (url.pathname === "/.well-known/openid-configuration")
      return json(res, 200, { issuer: base, token_endpoint: `${base}/token` });

    if (url.pathname === "/token" && req.method === "POST") {
      const form = (body ?? {}) as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return json(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
      if (form.grant_type !== "refresh_token")
        return json(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type: " });
      const grant = refresh.get(form.refresh_token ?? "");
      if (!grant)
        return json(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      const token = fake.issueAccessToken({ scopes: grant.scopes });
      return json(res, 200, {
        access_token: token,
        expires_in: 3599,
        scope: grant.scopes.join(" "),
        token_type: "Bearer",
      });
    }

    const m = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+?)(:append)?$/.exec(url.pathname);
    if (!m) return googleError(res, 404, "NOT_FOUND", "Requested entity was not found.");
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const grant = access.get(bearer) ?? (bearer ? await opts.lookup?.(bearer) : undefined);
    if (!grant || grant.expiresAt <= Date.now())
      return googleError(
        res,
        401,
        "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      );
    const append = Boolean(m[3]);
    const allowed = append ? [SPREADSHEETS_SCOPE] : [SPREADSHEETS_SCOPE, SPREADSHEETS_READONLY_SCOPE];
    if (!grant.scopes.some((s) => allowed.includes(s)))
      return googleError(res, 403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.");
    const spreadsheetId = decodeURIComponent(m[1]!);
    const tabs = fake.spreadsheets.get(spreadsheetId);
    if (!tabs) return googleError(res, 404, "NOT_FOUND", "Requested entity was not found.");
    const range = decodeURIComponent(m[2]!);
    const area = parseRange(tabs, range);
    if (!area) return googleError(res, 400, "INVALID_ARGUMENT", `Unable to parse range: ${range}`);

    if (!append) {
      const values = trimmed(area.tab.rows.slice(area.r1 - 1, area.r2).map((r) => r.slice(area.c1, area.c2 + 1)));
      return json(res, 200, { range: a1(area), majorDimension: "ROWS", ...(values.length ? { values } : {}) });
    }

    if (
      url.searchParams.get("valueInputOption") !== "USER_ENTERED" &&
      url.searchParams.get("valueInputOption") !== "RAW"
    )
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid valueInputOption: INPUT_VALUE_OPTION_UNSPECIFIED");
    const values = ((body as { values?: unknown[][] } | undefined)?.values ?? []) as unknown[][];
    const used = trimmed(area.tab.rows).length;
    const width = Math.max(1, ...values.map((r) => r.length));
    values.forEach((row, i) => {
      const target = (area.tab.rows[used + i] ??= []);
      row.forEach((v, c) => (target[area.c1 + c] = v));
    });
    const written = { ...area, c2: area.c1 + width - 1 };
    return json(res, 200, {
      spreadsheetId,
      ...(used
        ? {
            tableRange: a1(
              { ...area, c2: Math.max(area.c1, ...area.tab.rows.slice(0, used).map((r) => r.length - 1)) },
              1,
              used,
            ),
          }
        : {}),
      updates: {
        spreadsheetId,
        updatedRange: a1(written, used + 1, used + values.length),
        updatedRows: values.length,
        updatedColumns: width,
        updatedCells: values.reduce((n, r) => n + r.length, 0),
      },
    });
  }

  return { ...fake, handle };
}

export async function startFakeGoogleSheets(opts: { port?: number } = {}): Promise<FakeGoogleSheets> {
  const { handle, ...fake } = fakeSheetsApi();
  let base = "";
  const server = createServer((req, res) => {
    handle(req, res, base).catch((err: Error) => googleError(res, 500, "INTERNAL", err.message));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    ...fake,
    url: base,
    discoveryUrl: `${base}/.well-known/openid-configuration`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
