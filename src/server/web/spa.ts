// Serves the built SPA with history fallback. index.html gets the runtime config the client needs
// (docs link, analytics key, whether Google sign-in is set up) so one build serves every deployment.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Config } from "../config";

export const RUNTIME_CONFIG_ELEMENT_ID = "switchboard-config";

export interface ClientRuntimeConfig {
  docsUrl: string;
  posthog: { key: string; host: string } | null;
  /** GOOGLE_CLIENT_ID/SECRET are set: OAuth integrations can link a Google account. Never the secrets. */
  googleSignIn: boolean;
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
  };
  // A JSON data block, not a script: the Content-Security-Policy allows no inline script (decision 028).
  const script = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${JSON.stringify(runtime).replace(/</g, "\\u003c")}</script>`;
  const html = readFileSync(indexFile, "utf8").replace("</head>", `${script}</head>`);

  const root = path.relative(process.cwd(), clientDir) || ".";
  app.use(
    "/assets/*",
    serveStatic({ root, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  app.use("*", serveStatic({ root, rewriteRequestPath: (p) => (p === "/" ? "/__none__" : p) }));
  // Every other GET is a client route: the router decides what to show (or where to redirect).
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  });
  return app;
}
