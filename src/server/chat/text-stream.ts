// The plain-text stream mode: only the text of the reply, without protocol codes.
import { parseDataStreamPart } from "@ai-sdk/ui-utils";

export function toTextOnly(lines: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const dec = new TextDecoder();
  const enc = new TextEncoder();
  let buffer = "";
  return lines.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        buffer += dec.decode(chunk, { stream: true });
        const parts = buffer.split("\n");
        buffer = parts.pop() ?? "";
        for (const line of parts) {
          if (!line.startsWith("0:")) continue;
          try {
            controller.enqueue(enc.encode(parseDataStreamPart(line).value as string));
          } catch {
            /* not a text line */
          }
        }
      },
    }),
  );
}
