// The server writes the runtime config into index.html as a JSON block (#switchboard-config) so one
// build serves every deployment (decision 007); a JSON block, because the CSP allows no inline script
// (decision 028). Under `vite dev` it is absent, so every field has a default. Tests may set
// `window.__SWITCHBOARD__` instead.
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
    signUpOpen: injected?.signUpOpen !== false,
    passwordResetEmail: injected?.passwordResetEmail === true,
  };
}

// Kept in step with RUNTIME_CONFIG_ELEMENT_ID in server/web/spa.ts (the client imports only types from the server).
const ELEMENT_ID = "switchboard-config";

function injectedConfig(): Partial<ClientRuntimeConfig> | undefined {
  if (typeof window === "undefined") return undefined;
  if (window.__SWITCHBOARD__) return window.__SWITCHBOARD__;
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<ClientRuntimeConfig>;
  } catch {
    return undefined;
  }
}

export const runtimeConfig: ClientRuntimeConfig = readRuntimeConfig(injectedConfig());
