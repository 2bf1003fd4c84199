// The runtime config written into index.html: what the client may know about the deployment.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { spaRoutes } from "./spa";

function clientDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sb-spa-"));
  writeFileSync(path.join(dir, "index.html"), "<html><head><title>Switchboard</title></head><body></body></html>");
  return dir;
}

async function injected(env: Record<string, string>) {
  const html = await (await spaRoutes(loadConfig(env), clientDir()).request("/control-hub/integrations")).text();
  const json = /<script type="application\/json" id="switchboard-config">(.*?)<\/script>/.exec(html)![1]!;
  return { html, runtime: JSON.parse(json) };
}

describe("index.html runtime config", () => {
  it("says whether Google sign-in is configured, never its client secret", async () => {
    expect((await injected({})).runtime.googleSignIn).toBe(false);
    const on = await injected({
      GOOGLE_CLIENT_ID: "client-id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "very-secret-value",
    });
    expect(on.runtime.googleSignIn).toBe(true);
    expect(on.html).not.toContain("very-secret-value");
    expect(on.html).not.toContain("client-id.apps.googleusercontent.com");
  });
});
