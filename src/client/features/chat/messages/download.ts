// Signed URLs for downloads and previews (chat spec §7 presigned_download; §8 texts).
import { authFetch, isApiFailure } from "@/client/lib/api";
import { DOWNLOAD_FIELDS_REQUIRED } from "@/shared/files/schema";

/** The bearer-token helper that asks for signed URLs; a caller may pass its own (FILE-17). */
export type AuthenticatedFetch = typeof authFetch;
export const AUTH_FETCH_REQUIRED = "An authenticated fetch function must be provided.";

async function signedUrl(body: Record<string, string>, fetchWithAuth: AuthenticatedFetch | null): Promise<string> {
  // Signed URLs are the caller's to ask for: an unauthenticated request could only be refused.
  if (typeof fetchWithAuth !== "function") throw new Error(AUTH_FETCH_REQUIRED);
  const res = await fetchWithAuth<{ signedUrl?: string }>("/api/files/presigned_download", { method: "POST", body });
  if (isApiFailure(res)) throw new Error(`HTTP error! status: ${res.status}`);
  if (!res?.signedUrl) throw new Error("Signed URL not found in API response");
  return res.signedUrl;
}

/** FILE-14/15/17: a download needs a path and a name, then navigates to the signed URL. */
export async function downloadFile(
  r2Path: string | undefined,
  filename: string | undefined,
  fetchWithAuth: AuthenticatedFetch | null = authFetch,
): Promise<void> {
  if (!r2Path || !filename) throw new Error(DOWNLOAD_FIELDS_REQUIRED);
  const url = await signedUrl({ r2Path, filename }, fetchWithAuth);
  window.location.assign(url);
}

/**
 * FILE-10: opens a file's signed inline URL in a new tab. The tab opens inside the click (so no popup
 * blocker stops it) and is pointed at the URL once signed; it closes again if signing fails.
 */
export async function openInNewTab(r2Path: string): Promise<void> {
  const tab = window.open("", "_blank");
  if (tab) tab.opener = null;
  try {
    const url = await signedUrl({ r2Path, disposition: "inline" }, authFetch);
    if (tab) tab.location.href = url;
    else window.open(url, "_blank", "noopener,noreferrer");
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** FILE-06/18: an inline preview URL, loaded on demand. */
export async function previewUrl(r2Path: string): Promise<string> {
  try {
    return await signedUrl({ r2Path, disposition: "inline" }, authFetch);
  } catch (err) {
    throw new Error(`Failed to generate preview URL: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * FILE-18: an `<img>` that fails says nothing about why. One request to the signed URL tells a preview
 * that cannot be fetched ("Failed to load preview: ...") from bytes the browser cannot draw ("Failed to
 * load image"). Only the status is read; the body is dropped unread.
 */
export async function imageFailure(url: string): Promise<string> {
  try {
    const res = await fetch(url);
    void res.body?.cancel().catch(() => {});
    if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
  } catch (err) {
    return `Failed to load preview: ${(err as Error).message}`;
  }
  return "Failed to load image";
}
