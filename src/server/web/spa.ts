// Serves the built SPA with history fallback. index.html gets the runtime config the client needs
// (docs link, analytics key, whether Google sign-in is set up) so one build serves every deployment.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Config } from "../config";

export const RUNTIME_CONFIG_ELEMENT_ID = "switchboard-config";

export interface ClientRuntimeConfig {
  docsUrl: string;
  posthog: { key: string; host: string } | null;
  /** GOOGLE_CLIENT_ID/SECRET are set: OAuth integrations can link a Google account. Never the secrets. */
  googleSignIn: boolean;
  /** ALLOW_SIGNUP: anyone may create an account, or only invited addresses. */
  signUpOpen: boolean;
  /** SMTP is configured: "Forgot password?" emails a reset link; without it an admin must help. */
  passwordResetEmail: boolean;
}

export function spaRoutes(config: Config, clientDir: string) {
  const app = new Hono();
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) {
    return app.get("*", (c) => c.text("The client is not built. Run `npm start` (it builds) or `npm run build`.", 503));
  }
  const runtime: ClientRuntimeConfig = {
    docsUrl: config.docsUrl,
    posthog: config.posthog,
    googleSignIn: config.google !== null,
    signUpOpen: config.allowSignup,
    passwordResetEmail: config.smtp !== null,
  };
  // A JSON data block, not a script: the Content-Security-Policy allows no inline script (decision 028).
  const script = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${JSON.stringify(runtime).replace(/</g, "\\u003c")}</script>`;
  const html = readFileSync(indexFile, "utf8").replace("</head>", `${script}</head>`);

  const page = compressedPage(html);

  const root = path.relative(process.cwd(), clientDir) || ".";
  // The build writes .br and .gz beside each text file (scripts/compress-assets.mjs); hashed assets never change.
  // The header is set before serving: serveStatic's onFound runs after the response is built, too late for it.
  const assets = serveStatic({ root, precompressed: true });
  app.use("/assets/*", (c, next) => {
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return assets(c, next);
  });
  app.use("*", serveStatic({ root, precompressed: true, rewriteRequestPath: (p) => (p === "/" ? "/__none__" : p) }));
  // Every other GET is a client route: the router decides what to show (or where to redirect). The page itself
  // is revalidated on every visit, so a new build's asset names reach browsers at once.
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Encoding");
    const accepted = c.req.header("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (!encoding) return c.html(html);
    c.header("Content-Encoding", encoding);
    c.header("Content-Type", "text/html; charset=UTF-8");
    return c.body(new Uint8Array(page[encoding]));
  });
  return app;
}

/** index.html with its runtime config, compressed once at start-up. */
function compressedPage(html: string) {
  const raw = Buffer.from(html, "utf8");
  return {
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}
