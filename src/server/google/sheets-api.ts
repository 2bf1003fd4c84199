// Google Sheets API v4 over plain REST, on behalf of a user's linked Google account. A 401 means the
// access token was revoked or expired early: it is renewed once and the call repeated. Google's errors
// ({ error: { code, message, status } }) become AppErrors carrying Google's message.
import { SPREADSHEET_ID } from "./a1";
import { AppError } from "../errors";
import { googleAccessToken, googleLinkNeeded, RECONNECT_HINT } from "./access-token";

/** GOOGLE_SHEETS_BASE_URL: a corporate gateway or a test stand-in instead of Google (read per call). */
export const sheetsBaseUrl = () =>
  (process.env.GOOGLE_SHEETS_BASE_URL?.trim() || "https://sheets.googleapis.com").replace(/\/+$/, "");

/** Longest one Sheets call may take (mutable for tests). */
export const SHEETS_LIMITS = { timeoutMs: 30_000 };

interface GoogleError {
  error?: { code?: number; message?: string; status?: string };
}

function sheetsError(status: number, body: GoogleError): AppError {
  const message = body.error?.message || `Google Sheets answered HTTP ${status}`;
  // An expired grant or a scope taken back at Google: only a new link fixes it (decision 020).
  if (status === 401 || body.error?.status === "PERMISSION_DENIED")
    return googleLinkNeeded(`${message} ${RECONNECT_HINT}`);
  return new AppError("bad_request", message);
}

export async function sheetsCall<T>(opts: {
  userId: string;
  /** Path below /v4/spreadsheets/{spreadsheetId}/, already encoded. */
  path: string;
  spreadsheetId: string;
  method?: "GET" | "POST";
  body?: unknown;
  signal: AbortSignal;
}): Promise<T> {
  // A model-chosen id such as ".." would resolve to another Google endpoint, called with the user's token.
  if (!SPREADSHEET_ID.test(opts.spreadsheetId))
    throw new AppError("bad_request", `"${opts.spreadsheetId.slice(0, 100)}" is not a spreadsheet ID.`);
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(SHEETS_LIMITS.timeoutMs)]);
  const send = (token: string) =>
    fetch(`${sheetsBaseUrl()}/v4/spreadsheets/${opts.spreadsheetId}/${opts.path}`, {
      method: opts.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json",
        ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  let res: Response;
  try {
    res = await send(await googleAccessToken({ userId: opts.userId, signal }));
    if (res.status === 401) res = await send(await googleAccessToken({ userId: opts.userId, renew: true, signal }));
  } catch (err) {
    if ((err as Error).name === "TimeoutError" && !opts.signal.aborted)
      throw new AppError("bad_request", `Google Sheets did not answer within ${SHEETS_LIMITS.timeoutMs / 1000} s`);
    throw err;
  }
  const body = (await res.json().catch(() => ({}))) as T & GoogleError;
  if (!res.ok) throw sheetsError(res.status, body);
  return body;
}
