// A loopback stand-in for Google's identity provider: the certified `oidc-provider` with its
// development login and consent pages, one confidential client and Google's spreadsheets scope, so
// Better Auth's real OAuth flow (discovery, PKCE, code exchange, ID token check) runs against it.
// Run on its own for the e2e server it also answers Google's Sheets API v4 (fake-google-sheets.ts) with
// the access tokens it issued, as Google does for a linked account's grant, and takes spreadsheets from
// the specs at PUT /__test/spreadsheets/{id}.
// Only erasable TypeScript: `node e2e/support/fake-google.ts` runs it directly.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { FakeSheetsApi, TokenLookup, fakeSheetsApi as FakeSheetsApiFactory } from "./fake-google-sheets";

export const SHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets";
export const FAKE_GOOGLE_CLIENT_ID = "switchboard-test.apps.googleusercontent.com";
export const FAKE_GOOGLE_CLIENT_SECRET = "fake-google-client-secret";

export interface FakeGoogle {
  url: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The email of the account a login name signs in as: the name itself when it is an address. */
export const fakeGoogleEmail = (login: string) => (login.includes("@") ? login : `${login}@gmail.test`);

export async function startFakeGoogle(opts: {
  port?: number;
  redirectUris: string[];
  /** Serve the Sheets API v4 too, accepting this provider's access tokens (fakeSheetsApi). */
  sheets?: (o: { lookup: TokenLookup }) => FakeSheetsApi;
}): Promise<FakeGoogle> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => (handler ? handler(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  // Loaded here, not at the top: playwright.config.ts imports this file for the client id and secret.
  const { default: Provider } = await import("oidc-provider");
  const provider = new Provider(url, {
    clients: [
      {
        client_id: FAKE_GOOGLE_CLIENT_ID,
        client_secret: FAKE_GOOGLE_CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        // Better Auth sends the secret in the form body, which Google accepts too.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    scopes: ["openid", "offline_access", "email", "profile", SHEETS_SCOPE],
    claims: { email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["fake-google-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    // Google answers access_type=offline (which Switchboard always sends) with a refresh token; the
    // OpenID way (the offline_access scope) is not what Google's clients ask for.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    // Seconds; set so that oidc-provider does not print a notice for each default it falls back to.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 86400,
    },
    // Any login name and password sign in, as that person.
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email: fakeGoogleEmail(sub), email_verified: true, name: sub }),
      };
    },
  });
  provider.on("server_error", (_ctx: unknown, err: Error) => console.error("[fake-google]", err));
  const oidc = provider.callback();
  const lookup: TokenLookup = async (token) => {
    const found = await provider.AccessToken.find(token);
    return found ? { scopes: String(found.scope ?? "").split(" "), expiresAt: found.exp * 1000 } : undefined;
  };
  const sheets = opts.sheets?.({ lookup });
  handler = (req, res) => {
    const path = new URL(req.url ?? "/", url).pathname;
    if (sheets && path.startsWith("/v4/")) {
      sheets.handle(req, res, url).catch((err: Error) => res.writeHead(500).end(err.message));
      return;
    }
    const seeded = /^\/__test\/spreadsheets\/([^/]+)$/.exec(path);
    if (sheets && seeded && req.method === "PUT") {
      readJson(req)
        .then((tabs) => {
          sheets.spreadsheets.set(decodeURIComponent(seeded[1]!), tabs as Array<{ title: string; rows: unknown[][] }>);
          res.writeHead(204).end();
        })
        .catch((err: Error) => res.writeHead(400).end(err.message));
      return;
    }
    oidc(req, res);
  };

  return {
    url,
    discoveryUrl: `${url}/.well-known/openid-configuration`,
    clientId: FAKE_GOOGLE_CLIENT_ID,
    clientSecret: FAKE_GOOGLE_CLIENT_SECRET,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const redirectUris = (process.env.FAKE_GOOGLE_REDIRECT_URIS ?? "").split(",").filter(Boolean);
  // Node runs this file as it is, so the import names the file exactly (tsc would refuse the extension).
  const sheetsModule: string = "./fake-google-sheets.ts";
  const { fakeSheetsApi } = (await import(sheetsModule)) as { fakeSheetsApi: typeof FakeSheetsApiFactory };
  const fake = await startFakeGoogle({
    port: Number(process.env.FAKE_GOOGLE_PORT ?? 0),
    redirectUris,
    sheets: fakeSheetsApi,
  });
  console.log(`fake Google listening on ${fake.url}`);
}
