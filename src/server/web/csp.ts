// The Content-Security-Policy of every response we build (decision 028): the SPA's scripts and styles
// from our own origin only, no inline script, images from us, data:, blob: and the S3 store the
// presigned URLs point at, requests to us (plus PostHog and the S3 store when configured), and no
// framing, plugins, foreign <base> or foreign form targets. A file download decides its own policy
// (the blob store sends `sandbox`, and none for PDFs, which Chrome's viewer would refuse; decision 013).
import { createMiddleware } from "hono/factory";
import type { S3Config } from "../storage/s3-config";

export interface CspSources {
  s3: S3Config | null;
  posthogHost: string | null;
  /** CSP_IMG_SOURCES: further image sources the operator allows (a CDN for agent logos, `https:` …). */
  extraImgSources: readonly string[];
}

const origin = (url: string) => new URL(url).origin;

/** Where the S3 store's presigned URLs point: path-style and virtual-hosted forms of the endpoint. */
export function s3Origins(s3: S3Config): string[] {
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return s3.forcePathStyle ? [url.origin] : [url.origin, `${url.protocol}//${s3.bucket}.${url.host}`];
  }
  return [
    `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`,
    `https://s3.${s3.region}.amazonaws.com`,
    `https://${s3.bucket}.s3.amazonaws.com`,
  ];
}

/** PostHog's API host and the assets host posthog-js derives from it (us.i.posthog.com → us-assets.i.posthog.com). */
export function posthogOrigins(host: string): string[] {
  const api = origin(host);
  const assets = api.replace(/^https:\/\/([a-z]+)\.i\.posthog\.com$/, "https://$1-assets.i.posthog.com");
  return assets === api ? [api] : [api, assets];
}

export function contentSecurityPolicy({ s3, posthogHost, extraImgSources }: CspSources): string {
  const store = s3 ? s3Origins(s3) : [];
  const analytics = posthogHost ? posthogOrigins(posthogHost) : [];
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'"]],
    // sonner and vaul (their __insertCSS) and Radix's scroll lock (react-style-singleton) insert <style>
    // elements at run time: under style-src 'self' alone the toasts, drawers and dialogs lose their CSS.
    // CSS cannot run script, so inline style is allowed while inline script is not.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...store, ...extraImgSources]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...store, ...analytics]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`).join("; ");
}

export const contentSecurityPolicyHeader = (policy: string) =>
  createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has("Content-Security-Policy") && !headers.has("Content-Disposition"))
      headers.set("Content-Security-Policy", policy);
  });
