// The SWR options of API-03/04, kept free of React so they can be tested.
import type { SWRConfiguration } from "swr";
import {
  SWR_DEDUPING_INTERVAL_MS,
  SWR_ERROR_RETRY_COUNT,
  SWR_ERROR_RETRY_INTERVAL_MS,
  SWR_FOCUS_THROTTLE_INTERVAL_MS,
} from "@/shared/shell/constants";

/**
 * Delay before retry number `retryCount` (1-based), or null to stop. SWR's default backs off
 * exponentially; the spec asks for 3 retries 5000 ms apart.
 */
export function retryDelay(retryCount: number): number | null {
  return retryCount > SWR_ERROR_RETRY_COUNT ? null : SWR_ERROR_RETRY_INTERVAL_MS;
}

/**
 * No global fetcher: each hook in client/api/ passes its own. A global one would also serve SWR keys that
 * pass `null` to mean "local state only" — useChat keeps its status, messages and errors that way, and
 * each of their updates became a GET of `/api/chat,<id>,status`.
 */
export const swrConfig = {
  dedupingInterval: SWR_DEDUPING_INTERVAL_MS,
  errorRetryCount: SWR_ERROR_RETRY_COUNT,
  errorRetryInterval: SWR_ERROR_RETRY_INTERVAL_MS,
  focusThrottleInterval: SWR_FOCUS_THROTTLE_INTERVAL_MS,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  onErrorRetry: (_error, _key, _config, revalidate, opts) => {
    const delay = retryDelay(opts.retryCount);
    if (delay !== null) setTimeout(() => void revalidate(opts), delay);
  },
} satisfies SWRConfiguration;
