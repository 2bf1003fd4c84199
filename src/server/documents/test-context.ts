// Test helpers: a tool context for a member of a test organisation, and a generated file fetched the
// way the chat card's Download button fetches it.
import type { App } from "../app";
import type { OrgFixture } from "../test/tenancy-fixture";
import type { Identity } from "../test/http";
import { signedDownload } from "../files/test-support";
import type { ToolContext, ToolResult } from "../../tools/executor.server";
import type { GeneratedFile } from "../../tools/result-parts";

export function toolContext(org: OrgFixture, who: Identity = org.member): ToolContext {
  return {
    orgId: org.id,
    org: { id: org.id, name: org.name },
    user: { id: who.userId, name: "Test User", email: "test@example.com" },
    agentId: 1,
    conversationId: "00000000-0000-4000-8000-000000000000",
    toolCallId: "call-1",
    depth: 0,
    abortSignal: new AbortController().signal,
  };
}

/** The one file of a successful result. */
export function onlyFile(result: ToolResult): GeneratedFile {
  if (result.status !== "success") throw new Error(`expected success, got ${JSON.stringify(result)}`);
  const files = result.files ?? [];
  if (files.length !== 1) throw new Error(`expected one file, got ${files.length}`);
  return files[0]!;
}

/** Signs a download as `who` and follows it: the bytes, or the refusal's status. */
export async function download(app: App, who: Identity, orgId: string, file: GeneratedFile) {
  const dl = await signedDownload(app, who, orgId, { r2Path: file.r2_path, filename: file.filename });
  if (dl.status !== 200) return { status: dl.status, bytes: null };
  const res = await app.request(dl.body.signedUrl);
  return {
    status: res.status,
    bytes: new Uint8Array(await res.arrayBuffer()),
    contentType: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
  };
}
