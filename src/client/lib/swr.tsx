import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { swrConfig } from "./swr-config";

export function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrConfig}>{children}</SWRConfig>;
}
