// e2e: a real Chromium against the built app and server on a fresh embedded database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { FAKE_GOOGLE_CLIENT_ID, FAKE_GOOGLE_CLIENT_SECRET } from "./e2e/support/fake-google";
import { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER } from "./e2e/support/fake-smtp";

// Overridable so that several checkouts can run their e2e tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The loopback model provider (e2e/support/fake-provider.ts) the app reaches through <PROVIDER>_BASE_URL. */
export const FAKE_PROVIDER_PORT = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? 3199);
const fakeProviderURL = `http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1`;
/** The loopback Google identity provider (e2e/support/fake-google.ts) the app links accounts with. */
const FAKE_GOOGLE_PORT = Number(process.env.E2E_FAKE_GOOGLE_PORT ?? 3198);
/** The loopback SMTP server (e2e/support/fake-smtp.ts) the app sends invitations and verifications to. */
const FAKE_SMTP_PORT = Number(process.env.E2E_FAKE_SMTP_PORT ?? 3197);
const baseURL = `http://localhost:${PORT}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = fs.existsSync(chromiumPath);

if (!hasChromium) {
  const message = `Chromium not found at ${chromiumPath} (install Debian's chromium package or set CHROMIUM_PATH).`;
  if (process.env.CI === "true") throw new Error(`${message} CI must run the e2e tests.`);
  // e2e/support/fixtures.ts skips every test with this reason.
  process.env.SB_E2E_SKIP = `${message} Skipping the e2e tests.`;
  console.warn(`[e2e] ${process.env.SB_E2E_SKIP}`);
}

// The config is evaluated again in every worker; the env var keeps one data folder per run.
process.env.SB_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "sb-e2e-"));
/** What the fake SMTP server received, one JSON message a line (read with readInbox in the specs). */
process.env.SB_E2E_SMTP_INBOX ??= `${process.env.SB_E2E_DATA_DIR}-inbox.jsonl`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: process.env.CI === "true",
  // Generous: the embedded database, the build's server and two browsers share two cores in CI, where the
  // longest scenarios (two users, two chats, an OAuth round trip) took 40-47 s at 45 s (session 16).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI === "true" ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: hasChromium
    ? [
        {
          command: "node e2e/support/fake-provider.ts",
          port: FAKE_PROVIDER_PORT,
          env: { FAKE_PROVIDER_PORT: String(FAKE_PROVIDER_PORT) },
          reuseExistingServer: false,
          stdout: "ignore",
          stderr: "pipe",
        },
        {
          // Before the app: Better Auth reads the discovery document when it starts.
          command: "node e2e/support/fake-google.ts",
          url: `http://127.0.0.1:${FAKE_GOOGLE_PORT}/.well-known/openid-configuration`,
          env: {
            FAKE_GOOGLE_PORT: String(FAKE_GOOGLE_PORT),
            FAKE_GOOGLE_REDIRECT_URIS: `${baseURL}/api/auth/callback/google`,
          },
          reuseExistingServer: false,
          stdout: "ignore",
          stderr: "pipe",
        },
        {
          command: "node e2e/support/fake-smtp.ts",
          port: FAKE_SMTP_PORT,
          env: { E2E_FAKE_SMTP_PORT: String(FAKE_SMTP_PORT), FAKE_SMTP_INBOX: process.env.SB_E2E_SMTP_INBOX },
          reuseExistingServer: false,
          stdout: "ignore",
          stderr: "pipe",
        },
        {
          command: "node scripts/build.mjs && node dist/server/main.js",
          url: `${baseURL}/`,
          env: {
            PORT: String(PORT),
            DATA_DIR: process.env.SB_E2E_DATA_DIR,
            PUBLIC_URL: baseURL,
            AUTH_RATE_LIMIT_MAX: "1000",
            LOG_LEVEL: "warn",
            // The Postgres "Test connection" e2e connects to the test run's own database on loopback,
            // which the outbound guard refuses unless the operator allows it.
            OUTBOUND_ALLOW_HOSTS: "127.0.0.1,localhost",
            OPENAI_BASE_URL: fakeProviderURL,
            ANTHROPIC_BASE_URL: fakeProviderURL,
            GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
            GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
            GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${FAKE_GOOGLE_PORT}/.well-known/openid-configuration`,
            // The same stand-in answers the Sheets API v4 with the tokens it issued (e2e/google-sheets-connect.spec.ts).
            GOOGLE_SHEETS_BASE_URL: `http://127.0.0.1:${FAKE_GOOGLE_PORT}`,
            SMTP_URL: `smtp://${FAKE_SMTP_USER}:${FAKE_SMTP_PASSWORD}@127.0.0.1:${FAKE_SMTP_PORT}`,
            SMTP_FROM: "Switchboard <noreply@switchboard.test>",
            // Whatever the shell has: the agent form's "Not configured" mark is checked on ask_web (decision 080).
            PERPLEXITY_API_KEY: "",
          },
          reuseExistingServer: false,
          // The build runs first; on a machine busy with other work it can take minutes.
          timeout: 300_000,
          stdout: "ignore",
          stderr: "pipe",
        },
      ]
    : undefined,
});
