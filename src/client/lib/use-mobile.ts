import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "@/shared/shell/constants";

// Mobile means narrower than 768 px (CONST-01): the sidebar becomes a slide-over panel.
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(query);
  mql.addEventListener("change", onChange);
  return () => mql.removeEventListener("change", onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
