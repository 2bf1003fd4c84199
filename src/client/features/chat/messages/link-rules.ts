// Links in assistant markdown (chat spec §5, §2 "Message display"; rulings.md settles {address}).

/** MSG-04: only http, https and protocol-relative links survive; anything else renders as text. */
export function isAllowedHref(href: string | undefined | null): boolean {
  if (!href) return false;
  const h = href.trim();
  return /^https?:\/\//i.test(h) || /^\/\/[^/]/.test(h);
}

/** MSG-21: downloadable links: our own file links (/api/files/…) and sandbox:/ paths. */
export const DOWNLOAD_PREFIXES = ["/api/files/", "sandbox:/"] as const;

export function isDownloadableHref(href: string | undefined | null): boolean {
  if (!href) return false;
  const h = href.trim();
  if (h.startsWith("sandbox:/")) return true;
  try {
    const url = new URL(h, window.location.origin);
    return url.origin === window.location.origin && url.pathname.startsWith("/api/files/");
  } catch {
    return false;
  }
}

export interface GeneratedFile {
  fileId?: string;
  r2_path: string;
  filename: string;
  contentType?: string;
  size?: number;
}

/** The storage path and file name a downloadable link stands for. sandbox:/ paths name a generated file. */
export function downloadTarget(
  href: string,
  generated: readonly GeneratedFile[],
): { r2Path: string; filename: string } | null {
  const h = href.trim();
  const base = decodeURIComponent(h.split(/[?#]/)[0]!.split("/").pop() ?? "");
  if (h.startsWith("sandbox:/")) {
    const file = generated.find((f) => f.filename === base) ?? generated.find((f) => f.r2_path.endsWith(`/${base}`));
    return file ? { r2Path: file.r2_path, filename: file.filename } : null;
  }
  const path = new URL(h, "http://x").pathname.replace(/^\/api\/files\//, "");
  return path ? { r2Path: decodeURIComponent(path), filename: base } : null;
}
