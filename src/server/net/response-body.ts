// Reading an outbound response: a hard byte cap (checked on the decoded stream, so a small gzip bomb
// is stopped too) and decoding to text by the declared or sniffed charset.
import { AppError } from "../errors";

export function formatBytes(n: number): string {
  const MB = 1024 * 1024;
  if (n >= MB) return `${+(n / MB).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

export const tooLarge = (maxBytes: number) =>
  new AppError("bad_request", `Response is larger than the ${formatBytes(maxBytes)} limit`);

export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The media type without parameters, lower-cased ("text/html"), or "" when absent. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function charsetOf(contentType: string | null, bytes: Uint8Array): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  if (declared) return declared;
  if (/html|xml/.test(mediaType(contentType))) {
    // <meta charset="…"> or <meta http-equiv content="text/html; charset=…"> in the first 1024 bytes.
    const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
    const meta =
      /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
      /^<\?xml[^>]+encoding=["']([\w.:-]+)/i.exec(head)?.[1];
    if (meta) return meta;
  }
  return "utf-8";
}

export function decodeText(bytes: Uint8Array, contentType: string | null): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType, bytes));
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}
