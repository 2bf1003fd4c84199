// Analytics (chat spec §1, decision 007): identify the user, record sign-ins and organisation switches.
// Without a PostHog key every call is a no-op and posthog-js is never downloaded.
import type { PostHog } from "posthog-js";
import { runtimeConfig } from "./runtime-config";

export const EVENT_SIGNED_IN = "user_signed_in";
export const EVENT_ORG_SWITCHED = "organization_switched";

type PostHogLike = Pick<PostHog, "init" | "identify" | "capture" | "reset">;

export interface Analytics {
  identify(user: { id: string; email: string; name: string }): void;
  signedIn(method: "sign_in" | "sign_up"): void;
  organizationSwitched(from: string | null, to: string): void;
  reset(): void;
}

export function createAnalytics(
  config: { key: string; host: string } | null,
  load: () => Promise<PostHogLike> = () => import("posthog-js").then((m) => m.default),
): Analytics {
  let client: Promise<PostHogLike | null> | null = null;
  const withClient = (fn: (ph: PostHogLike) => void) => {
    if (!config) return;
    client ??= load()
      .then((ph) => {
        // No scripts from PostHog's CDN: the CSP allows scripts from our origin only (decision 028).
        ph.init(config.key, {
          api_host: config.host,
          person_profiles: "identified_only",
          disable_external_dependency_loading: true,
        });
        return ph;
      })
      // Analytics must never break the app (blocked by an ad blocker, offline…).
      .catch(() => null);
    void client.then((ph) => ph && fn(ph));
  };
  return {
    identify: (user) => withClient((ph) => ph.identify(user.id, { email: user.email, name: user.name })),
    signedIn: (method) => withClient((ph) => ph.capture(EVENT_SIGNED_IN, { method })),
    organizationSwitched: (from, to) =>
      withClient((ph) => ph.capture(EVENT_ORG_SWITCHED, { from_organization_id: from, to_organization_id: to })),
    reset: () => withClient((ph) => ph.reset()),
  };
}

export const analytics = createAnalytics(runtimeConfig.posthog);
