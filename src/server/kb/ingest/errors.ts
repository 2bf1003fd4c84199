// A failure as the files table shows it (processingError): short, in words a person can act on, and
// never carrying a credential a provider echoed back.
import { isApiCallError } from "../../provider-api/sdk-errors";
import { AppError } from "../../errors";

const SECRETS = [/sk-[A-Za-z0-9_-]{8,}/g, /(api[-_ ]?key[^A-Za-z0-9]{1,3})[A-Za-z0-9._-]{8,}/gi, /Bearer\s+\S+/gi];

export function redact(text: string): string {
  return SECRETS.reduce(
    (t, re) => t.replace(re, (_m, p1) => (typeof p1 === "string" ? `${p1}[redacted]` : "[redacted]")),
    text,
  );
}

export function describeError(err: unknown): string {
  let message: string;
  if (isApiCallError(err)) {
    const status = err.statusCode ? ` (HTTP ${err.statusCode})` : "";
    message = `The model provider refused the request${status}: ${err.message}`;
  } else if (err instanceof AppError) message = err.message;
  else if (err instanceof Error) message = err.message;
  else message = String(err);
  message = redact(message.replace(/\s+/g, " ").trim());
  return message.length > 500 ? `${message.slice(0, 497)}...` : message || "Processing failed";
}
