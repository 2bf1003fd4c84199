import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecrets, loadMasterKey } from "./secrets";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sb-secrets-"));

describe("secrets helper", () => {
  it("round-trips values with AES-256-GCM and never stores the plain text", () => {
    const s = createSecrets(loadMasterKey({ secretKey: "a-long-enough-secret-key", dataDir: tmp() }));
    const token = s.encrypt("sk-live-123456");
    expect(token).not.toContain("sk-live");
    expect(token.startsWith("v1.")).toBe(true);
    expect(s.decrypt(token)).toBe("sk-live-123456");
    expect(s.decryptJson(s.encryptJson({ OPENAI_API_KEY: "k" }))).toEqual({ OPENAI_API_KEY: "k" });
  });

  it("uses a fresh IV each time, so equal values encrypt differently", () => {
    const s = createSecrets(loadMasterKey({ secretKey: "a-long-enough-secret-key", dataDir: tmp() }));
    expect(s.encrypt("same")).not.toBe(s.encrypt("same"));
  });

  it("refuses tampered ciphertext and values encrypted under another key", () => {
    const s = createSecrets(loadMasterKey({ secretKey: "a-long-enough-secret-key", dataDir: tmp() }));
    const other = createSecrets(loadMasterKey({ secretKey: "another-secret-key-here", dataDir: tmp() }));
    const token = s.encrypt("value");
    const parts = token.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => s.decrypt(parts.join("."))).toThrow();
    expect(() => other.decrypt(token)).toThrow();
    expect(() => s.decrypt("garbage")).toThrow("Malformed encrypted value");
  });

  it("without SECRET_KEY generates a key once into DATA_DIR with mode 0600 and reuses it", () => {
    const dir = tmp();
    const first = loadMasterKey({ dataDir: dir });
    const file = path.join(dir, "secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first.toString("base64"));
    expect(loadMasterKey({ dataDir: dir }).equals(first)).toBe(true);
    const s1 = createSecrets(first);
    expect(createSecrets(loadMasterKey({ dataDir: dir })).decrypt(s1.encrypt("persisted"))).toBe("persisted");
  });

  it("derives distinct purpose keys", () => {
    const s = createSecrets(loadMasterKey({ secretKey: "a-long-enough-secret-key", dataDir: tmp() }));
    expect(s.derive("a").equals(s.derive("b"))).toBe(false);
    expect(s.derive("a").length).toBe(32);
  });
});
