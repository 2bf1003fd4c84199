import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("config", () => {
  it("defaults to the embedded database on port 3000 under ./data", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.trustedOrigins).toEqual(["http://localhost:3000"]);
    expect(c.posthog).toBeNull();
    expect(c.google).toBeNull();
  });

  it("reads PORT, DATA_DIR, DATABASE_URL, trusted origins and PostHog", () => {
    const c = loadConfig({
      PORT: "4000",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgres://u@h/db",
      PUBLIC_URL: "https://sb.example.com/",
      TRUSTED_ORIGINS: "https://a.example.com, https://b.example.com",
      POSTHOG_KEY: "phc_x",
    });
    expect(c).toMatchObject({
      port: 4000,
      dataDir: "/tmp/x",
      databaseUrl: "postgres://u@h/db",
      publicUrl: "https://sb.example.com",
    });
    expect(c.trustedOrigins).toEqual(["https://sb.example.com", "https://a.example.com", "https://b.example.com"]);
    expect(c.posthog).toEqual({ key: "phc_x", host: "https://us.i.posthog.com" });
  });

  it("security #10: SMTP_URL with SMTP_FROM turns email on; one without the other, or another scheme, stops the server", () => {
    expect(loadConfig({}).smtp).toBeNull();
    const c = loadConfig({
      SMTP_URL: "smtps://mailer:pw@smtp.example.com:465",
      SMTP_FROM: " Switchboard <noreply@example.com> ",
    });
    expect(c.smtp).toEqual({
      url: "smtps://mailer:pw@smtp.example.com:465",
      from: "Switchboard <noreply@example.com>",
    });
    expect(() => loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(
      /SMTP_FROM must be set together with SMTP_URL/,
    );
    expect(() => loadConfig({ SMTP_URL: "https://smtp.example.com", SMTP_FROM: "a@example.com" })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
  });

  it("turns Google sign-in on with both client id and secret; the discovery URL defaults to Google's", () => {
    const c = loadConfig({ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "shh" });
    expect(c.google).toEqual({
      clientId: "id.apps.googleusercontent.com",
      clientSecret: "shh",
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
    });
    const proxied = loadConfig({
      GOOGLE_CLIENT_ID: "a",
      GOOGLE_CLIENT_SECRET: "b",
      GOOGLE_DISCOVERY_URL: "https://idp.corp.example/.well-known/openid-configuration",
    });
    expect(proxied.google?.discoveryUrl).toBe("https://idp.corp.example/.well-known/openid-configuration");
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "a" })).toThrow(/must be set together/);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: "b" })).toThrow(/must be set together/);
  });

  it("refuses nonsense with a clear message", () => {
    expect(() => loadConfig({ PORT: "nope" })).toThrow();
    expect(() => loadConfig({ SECRET_KEY: "short" })).toThrow(/at least 16/);
  });

  it("security #8: OUTBOUND_ALLOW_HOSTS takes host and host:port entries; a malformed port stops the server", () => {
    expect(
      loadConfig({ OUTBOUND_ALLOW_HOSTS: "10.0.0.5:5432, localhost:11434,[::1]:8080,db.internal" }).outboundAllowHosts,
    ).toEqual(["10.0.0.5:5432", "localhost:11434", "[::1]:8080", "db.internal"]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: "127.0.0.1:99999" })).toThrow(
      /OUTBOUND_ALLOW_HOSTS: "127.0.0.1:99999" has an invalid port/,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: "127.0.0.1:http" })).toThrow(/invalid port/);
  });
});
