// The server writes `window.__SWITCHBOARD__` into index.html so one build serves every deployment
// (decision 007). Under `vite dev` it is absent, so every field has a default.
import type { ClientRuntimeConfig } from "@/server/web/spa";
import { DEFAULT_DOCS_URL } from "@/shared/shell/constants";

declare global {
  interface Window {
    __SWITCHBOARD__?: Partial<ClientRuntimeConfig>;
  }
}

export function readRuntimeConfig(injected: Partial<ClientRuntimeConfig> | undefined): ClientRuntimeConfig {
  const posthog = injected?.posthog;
  return {
    docsUrl: typeof injected?.docsUrl === "string" && injected.docsUrl ? injected.docsUrl : DEFAULT_DOCS_URL,
    posthog: posthog && typeof posthog.key === "string" && posthog.key ? posthog : null,
    googleSignIn: injected?.googleSignIn === true,
  };
}

export const runtimeConfig: ClientRuntimeConfig = readRuntimeConfig(
  typeof window === "undefined" ? undefined : window.__SWITCHBOARD__,
);
