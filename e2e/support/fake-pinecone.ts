// A loopback stand-in for a Pinecone index's data plane, so the official client
// (@pinecone-database/pinecone) runs unchanged against it: POST /query with the Api-Key and
// X-Pinecone-Api-Version headers, answered { results, matches: [{ id, score, values, metadata }],
// namespace, usage: { readUnits } } with cosine scores over its records (embedded with the fake
// provider's deterministic vectors, so a query that shares words with a record ranks it first).
// Refusals as the service sends them (the client's errors/utils.ts documents both forms): a wrong key
// is a 401 in plain text; a bad request (no vector, a vector of the wrong dimension, topK out of
// range) a 400 with the vector plane's rpcStatus body { code, message, details }.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeEmbedding } from "./fake-provider";

export interface FakeRecord {
  id: string;
  text: string;
  metadata?: Record<string, unknown>;
}

export interface PineconeQueryRequest {
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakePinecone {
  /** The index host as the Pinecone console shows it, with the http:// scheme of a loopback server. */
  host: string;
  port: number;
  requests: PineconeQueryRequest[];
  close(): Promise<void>;
}

const TOP_K_MAX = 10_000;

export async function startFakePinecone(opts: {
  apiKey: string;
  dimension?: number;
  /** Records per namespace; "" is the default namespace. */
  namespaces: Record<string, FakeRecord[]>;
  port?: number;
}): Promise<FakePinecone> {
  const dimension = opts.dimension ?? 1536;
  const requests: PineconeQueryRequest[] = [];
  const vectors = new Map<string, number[]>();
  const vectorOf = (r: FakeRecord) => {
    let v = vectors.get(r.text);
    if (!v) vectors.set(r.text, (v = fakeEmbedding(r.text, dimension)));
    return v;
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: any = null;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null;
    } catch {
      return rpcError(res, 400, 3, "Invalid request body: not JSON");
    }
    if (req.method !== "POST" || req.url !== "/query") return rpcError(res, 404, 5, "Not Found");
    requests.push({ headers: req.headers, body });
    if (req.headers["api-key"] !== opts.apiKey) {
      res.writeHead(401, { "content-type": "text/plain" });
      return void res.end("Invalid API Key");
    }
    const vector = body?.vector;
    if (!Array.isArray(vector) || vector.length === 0)
      return rpcError(res, 400, 3, "Invalid request. Either vector, sparse vector or id must be provided");
    if (vector.length !== dimension)
      return rpcError(
        res,
        400,
        3,
        `Vector dimension ${vector.length} does not match the dimension of the index ${dimension}`,
      );
    const topK = Number(body.topK);
    if (!Number.isInteger(topK) || topK < 1 || topK > TOP_K_MAX)
      return rpcError(res, 400, 3, `Invalid value for topK: must be between 1 and ${TOP_K_MAX}`);
    const namespace = typeof body.namespace === "string" ? body.namespace : "";
    // The default namespace answers to "" and to its documented name "__default__" (what the client sends).
    const matches = (opts.namespaces[namespace === "__default__" ? "" : namespace] ?? [])
      .map((r) => ({ r, score: cosine(vector, vectorOf(r)) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, topK)
      .map(({ r, score }) => ({
        id: r.id,
        score,
        values: body.includeValues ? vectorOf(r) : [],
        ...(body.includeMetadata && r.metadata ? { metadata: r.metadata } : {}),
      }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ results: [], matches, namespace, usage: { readUnits: 5 } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    host: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function rpcError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ code, message, details: [] }));
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
