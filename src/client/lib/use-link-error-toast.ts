// Better Auth sends a failed account link back to where it started with `?error=<code>` (decision 020):
// the page says so once in a toast, then tidies the address. Several cards of one page may call this;
// the toast's id keeps it to one.
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";

/** "account_already_linked_to_different_user" → "account already linked to different user". */
export function linkErrorText(code: string): string {
  return code.replace(/[_-]+/g, " ").trim().toLowerCase();
}

export function useLinkErrorToast(name: string) {
  const [params, setParams] = useSearchParams();
  const error = params.get("error");
  useEffect(() => {
    if (!error) return;
    toast.error(`Failed to connect ${name}: ${linkErrorText(error)}`, { id: "oauth-link-error" });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  }, [error, name, setParams]);
}

/** A page's path without a previous link's error: where a link started there comes back to. */
export function returnPath(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete("error");
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}
