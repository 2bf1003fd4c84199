// AES-256-GCM for credentials at rest. The master key comes from SECRET_KEY, or is generated once
// into DATA_DIR/secret.key (mode 0600) so an embedded install needs no configuration. Purpose keys
// (Better Auth's secret, the blob-URL signer, …) are derived with HKDF so one secret serves all.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const VERSION = "v1";

export interface Secrets {
  encrypt(plain: string): string;
  decrypt(token: string): string;
  encryptJson(value: unknown): string;
  decryptJson<T>(token: string): T;
  /** A 32-byte key for one purpose, derived from the master key. */
  derive(purpose: string): Buffer;
}

let current: Secrets | null = null;

/** The process-wide helper (set at start by services.ts), for the features that store credentials. */
export function secrets(): Secrets {
  if (!current) throw new Error("The secrets helper is not set: call setSecrets() at start-up");
  return current;
}

export function setSecrets(next: Secrets) {
  current = next;
}

export function loadMasterKey(opts: { secretKey?: string; dataDir: string }): Buffer {
  if (opts.secretKey) return createHash("sha256").update(opts.secretKey, "utf8").digest();
  const file = path.join(opts.dataDir, "secret.key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  // "wx" so two processes starting together cannot both write a different key.
  try {
    writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST")
      return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    throw err;
  }
  chmodSync(file, 0o600);
  return key;
}

export function createSecrets(masterKey: Buffer): Secrets {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  const dataKey = Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), "switchboard:data-encryption", 32));

  const encrypt = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", dataKey, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [
      VERSION,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      body.toString("base64url"),
    ].join(".");
  };

  const decrypt = (token: string) => {
    const [version, iv, tag, body] = token.split(".");
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Malformed encrypted value");
    const decipher = createDecipheriv("aes-256-gcm", dataKey, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  };

  return {
    encrypt,
    decrypt,
    encryptJson: (value) => encrypt(JSON.stringify(value)),
    decryptJson: <T>(token: string) => JSON.parse(decrypt(token)) as T,
    derive: (purpose) => Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), `switchboard:${purpose}`, 32)),
  };
}
