// Tests that read a live reply: its line protocol, adding up the text parts as they arrive.
import { parseDataStreamPart } from "@ai-sdk/ui-utils";

/**
 * Reads until `count` text parts arrived (whole chunks: a chunk's later parts count too) or the reply
 * ended. The reader stays open, so the caller decides whether the client leaves.
 */
export async function readTextParts(reader: ReadableStreamDefaultReader<Uint8Array>, count = Infinity) {
  const dec = new TextDecoder();
  let buffer = "";
  let text = "";
  let parts = 0;
  while (parts < count) {
    const { done, value } = await reader.read();
    if (done) return { text, parts, ended: true };
    buffer += dec.decode(value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      const part = parseDataStreamPart(line);
      if (part.type !== "text") continue;
      text += part.value;
      parts++;
    }
  }
  return { text, parts, ended: false };
}
