// The browser half of every upload (chat spec §7, hub §7): the file goes straight to the presigned URL
// with progress, and a batch runs a bounded number at once. Chat attachments and knowledge-base files
// both use it; each caller words its own failures (the two documents differ by a full stop).
import type { PresignedUpload } from "@/shared/files/schema";

/** A PUT that did not answer 200: the status and body, or a network failure (status 0). */
export class UploadFailure extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(status ? `Upload failed with status ${status}: ${text}` : "Upload failed due to network error");
    this.name = "UploadFailure";
  }
}

/** XHR rather than fetch: only XHR reports upload progress (FILE-28). Status 200 is success. */
export function putWithProgress(
  presigned: Pick<PresignedUpload, "url" | "method" | "headers">,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(presigned.method ?? "PUT", presigned.url);
    const headers: Record<string, string> = { "Content-Type": contentType, ...presigned.headers };
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        onProgress(100);
        resolve();
      } else reject(new UploadFailure(xhr.status, xhr.responseText || xhr.statusText));
    };
    xhr.onerror = () => reject(new UploadFailure(0, ""));
    xhr.send(file);
  });
}

/** Runs tasks with at most `limit` at once; results keep the items' order. */
export async function withConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}
