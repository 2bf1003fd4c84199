// A loopback stand-in for the Snowflake REST endpoints snowflake-sdk uses (read from the sdk's
// services/sf.js and connection/statement.js): POST /session/v1/login-request → { data: { token,
// masterToken, … }, success: true }; POST /queries/v1/query-request → { data: { rowtype, rowset, total,
// returned, queryId, … }, success: true } with the rowset inline (every value a string or null, as
// Snowflake's JSON result format sends it); failures { data, code, message, success: false } with
// Snowflake's codes (390100 wrong credentials, 390144 bad token). Request bodies may be gzipped.
// A large result (an answer with `chunks`) arrives as Snowflake sends it: the first rows inline, the rest
// listed in `data.chunks` ({ url, rowCount, uncompressedSize, compressedSize }) with the query result
// master key `qrmk`; the driver downloads each chunk with GET from its URL (cloud storage in the real
// service, here GET /result-chunks/<queryId>/<n> on this server) sending the key as S3's SSE-C headers,
// and the body is the chunk's rows as JSON arrays separated by commas, without the outer brackets,
// gzipped. A download without the right key is refused as S3 refuses it (403, an XML error).
// Only erasable TypeScript, like fake-google.ts.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";

export interface FakeColumn {
  name: string;
  /** The JSON result format's type: fixed, real, text, boolean, date, variant, … */
  type: string;
  scale?: number;
  precision?: number;
}

type FakeRow = Array<string | null>;

export type FakeAnswer =
  | {
      columns: FakeColumn[];
      /** The rows sent inline (the first rowset). */
      rows: FakeRow[];
      /** Further rows the driver downloads, one chunk each. */
      chunks?: FakeRow[][];
    }
  | { error: { code: string; message: string; sqlState?: string } };

export interface FakeLogin {
  url: string;
  query: URLSearchParams;
  data: Record<string, unknown>;
}

export interface FakeQuery {
  sqlText: string;
  parameters: Record<string, unknown> | undefined;
  bindings: Record<string, { type: string; value: unknown }> | undefined;
  session: string | undefined;
}

export interface FakeChunkDownload {
  queryId: string;
  /** The chunk's index in `data.chunks`. */
  index: number;
  /** Whether the SSE-C headers carried the query's key. */
  keyed: boolean;
}

export interface FakeSnowflake {
  url: string;
  /** Chunk downloads, refused ones included, in the order they arrived. */
  chunkDownloads: FakeChunkDownload[];
  /** Send the driver a key other than the one the chunks are stored under (every download is refused). */
  wrongChunkKey: boolean;
  /** The queryId of each successful statement, in order. */
  resultIds: string[];
  /** LOGIN_NAME → its password (AUTHENTICATOR SNOWFLAKE) or programmatic access token. */
  users: Map<string, { password?: string; token?: string }>;
  logins: FakeLogin[];
  queries: FakeQuery[];
  /** Sessions still open (closed by POST /session?delete=true). */
  openSessions: Set<string>;
  cancelled: string[];
  /** Answers each statement; may wait (a long query) until `signal` aborts. */
  onQuery: (q: FakeQuery) => FakeAnswer | Promise<FakeAnswer>;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const failure = (res: ServerResponse, code: string, message: string, data: Record<string, unknown> = {}) =>
  json(res, 200, {
    data: { internalError: false, errorCode: code, age: 0, ...data },
    code,
    message,
    success: false,
    headers: null,
  });

async function readJson(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  let buf = Buffer.concat(chunks);
  if (req.headers["content-encoding"] === "gzip") buf = gunzipSync(buf);
  return buf.length ? JSON.parse(buf.toString("utf8")) : {};
}

export async function startFakeSnowflake(opts: { port?: number } = {}): Promise<FakeSnowflake> {
  const sessions = new Map<string, string>(); // session token → session id
  // queryId → its master key and its chunks' bodies (rows joined by commas, as Snowflake stores them).
  const results = new Map<string, { qrmk: string; bodies: string[] }>();
  let base = "";
  const fake: Omit<FakeSnowflake, "url" | "close"> = {
    chunkDownloads: [],
    resultIds: [],
    wrongChunkKey: false,
    users: new Map(),
    logins: [],
    queries: [],
    openSessions: new Set(),
    cancelled: [],
    onQuery: () => ({
      error: { code: "002003", message: "SQL compilation error:\nno answer configured", sqlState: "42S02" },
    }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readJson(req);
    const token = /Snowflake Token="([^"]+)"/.exec(req.headers.authorization ?? "")?.[1];

    if (url.pathname === "/session/v1/login-request") {
      const data = (body.data ?? {}) as Record<string, unknown>;
      fake.logins.push({ url: req.url ?? "", query: url.searchParams, data });
      const user = fake.users.get(String(data.LOGIN_NAME));
      const pat = data.AUTHENTICATOR === "PROGRAMMATIC_ACCESS_TOKEN";
      const ok =
        user && (pat ? user.token && data.TOKEN === user.token : user.password && data.PASSWORD === user.password);
      if (!ok)
        return failure(res, "390100", "Incorrect username or password was specified.", {
          nextAction: "RETRY_LOGIN",
          authnMethod: pat ? "PROGRAMMATIC_ACCESS_TOKEN" : "USERNAME_PASSWORD",
        });
      const session = randomUUID();
      const sessionToken = `ver:1-hint:${session}`;
      sessions.set(sessionToken, session);
      fake.openSessions.add(session);
      return json(res, 200, {
        data: {
          masterToken: `ver:1-hint:master-${session}`,
          token: sessionToken,
          validityInSeconds: 3600,
          masterValidityInSeconds: 14400,
          displayUserName: data.LOGIN_NAME,
          serverVersion: "9.3.0",
          firstLogin: false,
          remMeToken: null,
          remMeValidityInSeconds: 0,
          healthCheckInterval: 45,
          newClientForUpgrade: null,
          sessionId: Math.floor(Math.random() * 1e12),
          parameters: [{ name: "TIMEZONE", value: "UTC" }],
          sessionInfo: {
            databaseName: url.searchParams.get("databaseName"),
            schemaName: url.searchParams.get("schemaName"),
            warehouseName: url.searchParams.get("warehouse"),
            roleName: url.searchParams.get("roleName"),
          },
          idToken: null,
          idTokenValidityInSeconds: 0,
          responseData: null,
          mfaToken: null,
          mfaTokenValidityInSeconds: 0,
        },
        code: null,
        message: null,
        success: true,
      });
    }

    // Cloud storage, not Snowflake: no session token, the query's key instead.
    const chunk = /^\/result-chunks\/([^/]+)\/(\d+)$/.exec(url.pathname);
    if (chunk && req.method === "GET") {
      const stored = results.get(chunk[1]!);
      const index = Number(chunk[2]);
      const keyed =
        !!stored &&
        req.headers["x-amz-server-side-encryption-customer-algorithm"] === "AES256" &&
        req.headers["x-amz-server-side-encryption-customer-key"] === stored.qrmk;
      fake.chunkDownloads.push({ queryId: chunk[1]!, index, keyed });
      const body = stored?.bodies[index];
      if (!keyed || body === undefined)
        return res
          .writeHead(403, { "content-type": "application/xml" })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
          );
      return res
        .writeHead(200, { "content-type": "binary/octet-stream", "content-encoding": "gzip" })
        .end(gzipSync(body));
    }

    const session = token ? sessions.get(token) : undefined;
    if (url.pathname === "/session" && url.searchParams.get("delete") === "true") {
      if (session) fake.openSessions.delete(session);
      return json(res, 200, { data: null, code: null, message: null, success: true });
    }
    if (url.pathname === "/telemetry/send")
      return json(res, 200, { data: "Log Received", code: null, message: null, success: true });
    if (!session) return failure(res, "390144", "JWT token is invalid.");

    if (/^\/queries\/(v1|[^/]+)\/abort-request$/.test(url.pathname)) {
      fake.cancelled.push(String(body.requestId ?? url.pathname));
      return json(res, 200, { data: null, code: null, message: null, success: true });
    }
    if (url.pathname !== "/queries/v1/query-request") return json(res, 404, { success: false, message: "Not found" });

    const q: FakeQuery = { sqlText: body.sqlText, parameters: body.parameters, bindings: body.bindings, session };
    fake.queries.push(q);
    const answer = await fake.onQuery(q);
    const queryId = randomUUID();
    if ("error" in answer)
      return failure(res, answer.error.code, answer.error.message, {
        sqlState: answer.error.sqlState ?? "42000",
        queryId,
        line: -1,
        pos: -1,
        type: "COMPILATION",
      });
    const chunks = answer.chunks ?? [];
    const qrmk = randomUUID().replace(/-/g, "");
    const bodies = chunks.map((rows) => rows.map((r) => JSON.stringify(r)).join(","));
    if (chunks.length) results.set(queryId, { qrmk, bodies });
    fake.resultIds.push(queryId);
    const total = answer.rows.length + chunks.reduce((n, c) => n + c.length, 0);
    return json(res, 200, {
      data: {
        parameters: [{ name: "TIMEZONE", value: "UTC" }],
        rowtype: answer.columns.map((c) => ({
          name: c.name,
          database: "",
          schema: "",
          table: "",
          byteLength: c.type === "text" ? 16777216 : null,
          length: c.type === "text" ? 16777216 : null,
          type: c.type,
          scale: c.scale ?? (c.type === "fixed" ? 0 : null),
          precision: c.precision ?? (c.type === "fixed" ? 38 : null),
          nullable: true,
          collation: null,
        })),
        rowset: answer.rows,
        total,
        returned: total,
        ...(chunks.length
          ? {
              qrmk: fake.wrongChunkKey ? `${qrmk}x` : qrmk,
              chunks: chunks.map((rows, i) => ({
                url: `${base}/result-chunks/${queryId}/${i}`,
                rowCount: rows.length,
                uncompressedSize: Buffer.byteLength(bodies[i]!),
                compressedSize: gzipSync(bodies[i]!).length,
              })),
            }
          : {}),
        queryId,
        databaseProvider: null,
        finalDatabaseName: null,
        finalSchemaName: null,
        finalWarehouseName: null,
        finalRoleName: null,
        numberOfBinds: 0,
        arrayBindSupported: false,
        statementTypeId: 4096,
        version: 1,
        sendResultTime: Date.now(),
        queryResultFormat: "json",
        queryContext: { entries: [] },
      },
      code: null,
      message: null,
      success: true,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => json(res, 500, { success: false, message: err.message }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  base = url;
  const closeAll = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return Object.assign(fake, { url, close: closeAll }) as FakeSnowflake;
}
