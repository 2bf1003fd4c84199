// Calling the app the way a script would: JSON bodies and a bearer token.
import { randomUUID } from "node:crypto";
import type { App } from "../app";

export interface Identity {
  label: string;
  userId: string;
  email: string;
  name: string;
  token: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function call<T = any>(
  app: App,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await app.request(path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, text, headers: res.headers };
}

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 12)}@example.com`;

export async function signUp(app: App, label = "user", password = "correct-horse-battery"): Promise<Identity> {
  const email = uniqueEmail(label);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Tester`;
  const res = await call(app, "POST", "/api/auth/sign-up/email", { body: { email, password, name } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  const token = res.headers.get("set-auth-token");
  if (!token) throw new Error("sign-up returned no set-auth-token header");
  return { label, userId: res.body.user.id, email, name, token };
}

export async function createOrg(app: App, owner: Identity, name = `Org ${randomUUID().slice(0, 8)}`) {
  const res = await call(app, "POST", "/api/auth/organization/create", {
    token: owner.token,
    body: { name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 6)}` },
  });
  if (res.status !== 200) throw new Error(`create org failed: ${res.status} ${res.text}`);
  return res.body as { id: string; name: string; slug: string };
}

export async function setActive(app: App, who: Identity, organizationId: string) {
  const res = await call(app, "POST", "/api/auth/organization/set-active", {
    token: who.token,
    body: { organizationId },
  });
  if (res.status !== 200) throw new Error(`set-active failed: ${res.status} ${res.text}`);
}

/**
 * Invites `who` into the organisation with `role` and has them accept through the invitation link the
 * admin copies (decision 024): Better Auth's accept-invitation answers only to verified addresses.
 */
export async function addMember(
  app: App,
  admin: Identity,
  orgId: string,
  who: Identity,
  role: "org:admin" | "org:member",
) {
  const invite = await call(app, "POST", "/api/auth/organization/invite-member", {
    token: admin.token,
    body: { email: who.email, role, organizationId: orgId },
  });
  if (invite.status !== 200) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const link = await invitationLink(app, admin, orgId, invite.body.id);
  const accept = await call(app, "POST", "/api/invitations/accept", { token: who.token, body: linkParams(link) });
  if (accept.status !== 200) throw new Error(`accept failed: ${accept.status} ${accept.text}`);
}

/** The invitation link an admin copies to pass on by hand. */
export async function invitationLink(app: App, admin: Identity, orgId: string, invitationId: string): Promise<string> {
  const res = await call(app, "GET", `/api/invitations/${invitationId}/link?orgId=${orgId}`, { token: admin.token });
  if (res.status !== 200) throw new Error(`invitation link failed: ${res.status} ${res.text}`);
  return res.body.url;
}

/** The invitation id and token an invitation link carries (`/invite/<id>?token=<token>`). */
export function linkParams(url: string): { invitationId: string; token: string } {
  const u = new URL(url);
  const match = u.pathname.match(/^\/invite\/([^/]+)$/);
  if (!match) throw new Error(`not an invitation link: ${url}`);
  return { invitationId: decodeURIComponent(match[1]!), token: u.searchParams.get("token") ?? "" };
}
