// The URLs we store and later put in an href or src (agent logos, organisation logos, user avatars,
// MCP server addresses): absolute http(s) URLs, or our own file URLs on this origin. zod's .url()
// alone accepts `javascript:`, `data:` and any other scheme the URL parser knows.
import { z } from "zod";

/** Where the server serves files; a root-relative URL under one of these is ours. */
export const OWN_FILE_PREFIXES = ["/api/files/", "/api/blob/"] as const;

/** An absolute http: or https: URL with a host. The browser's parser decides, as it will when rendering. */
export function isWebUrl(value: string | null | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A root-relative path to one of our file routes, still one after the browser normalises it (no `..` escape). */
export function isOwnFileUrl(value: string | null | undefined): boolean {
  if (!value) return false;
  const v = value.trim();
  if (!OWN_FILE_PREFIXES.some((p) => v.startsWith(p)) || /[\\\s]/.test(v)) return false;
  try {
    const url = new URL(v, "http://own.invalid");
    return url.host === "own.invalid" && OWN_FILE_PREFIXES.some((p) => url.pathname.startsWith(p));
  } catch {
    return false;
  }
}

export const isStorableUrl = (value: string | null | undefined) => isWebUrl(value) || isOwnFileUrl(value);

/** A stored URL rendered later as a link or image: http(s) or our own file URL, in the field's own words. */
export const storableUrl = (message: string) => z.string().trim().refine(isStorableUrl, message);

/** A stored address the server connects to: http(s) only. */
export const webUrl = (message: string) => z.string().trim().refine(isWebUrl, message);
