// Signed URLs for downloads and previews (chat spec §7 presigned_download; §8 texts).
import { authFetch, isApiFailure } from "@/client/lib/api";
import { DOWNLOAD_FIELDS_REQUIRED } from "@/shared/files/schema";

async function signedUrl(body: Record<string, string>): Promise<string> {
  const res = await authFetch<{ signedUrl?: string }>("/api/files/presigned_download", { method: "POST", body });
  if (isApiFailure(res)) throw new Error(`HTTP error! status: ${res.status}`);
  if (!res?.signedUrl) throw new Error("Signed URL not found in API response");
  return res.signedUrl;
}

/** FILE-14/15: a download needs a path and a name, then navigates to the signed URL. */
export async function downloadFile(r2Path: string | undefined, filename: string | undefined): Promise<void> {
  if (!r2Path || !filename) throw new Error(DOWNLOAD_FIELDS_REQUIRED);
  const url = await signedUrl({ r2Path, filename });
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
    const url = await signedUrl({ r2Path, disposition: "inline" });
    if (tab) tab.location.href = url;
    else window.open(url, "_blank", "noopener,noreferrer");
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** FILE-06: an inline preview URL, loaded on demand. */
export async function previewUrl(r2Path: string): Promise<string> {
  try {
    return await signedUrl({ r2Path, disposition: "inline" });
  } catch (err) {
    throw new Error(`Failed to generate preview URL: ${(err as Error).message}`, { cause: err });
  }
}
