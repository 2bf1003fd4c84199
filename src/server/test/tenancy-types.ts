// How a feature tells the tenancy harness to attack its routes. Each registered /api route needs a
// case keyed "METHOD /path" exactly as the router lists it.
import type { TestContext } from "./context";
import type { OrgFixture, TenancyFixture } from "./tenancy-fixture";

export interface TenancyRequest {
  method: string;
  path: string;
  body?: unknown;
  /** For control requests: who in A makes it (default A's admin). */
  as?: "admin" | "member";
}

type Requests = TenancyRequest[] | Promise<TenancyRequest[]>;

export interface TenancyCase {
  /**
   * Creates organisation A's data as A's admin (when the route reads or changes data) and returns
   * strings that only A's data contains: none of them may reach an identity outside A.
   */
  seed?: (ctx: TestContext, a: OrgFixture) => Promise<string[]>;
  /**
   * Requests aimed at A's data, made by each identity outside A (and anonymously). They may be built
   * with the attacker's own organisation (B), e.g. a URL B got signed and then rewrote.
   */
  attacks: (f: TenancyFixture, markers: string[], ctx: TestContext) => Requests;
  /** A request by someone in A that must succeed and show a marker: proves the attacks aim at real data. */
  control?: (f: TenancyFixture, markers: string[]) => TenancyRequest;
  /** After the attacks: throws unless A's data is as it was (nothing changed or deleted). */
  intact?: (ctx: TestContext, f: TenancyFixture) => Promise<void>;
  /**
   * Same organisation, another user: what A's admin keeps to themself (an upload is its uploader's and
   * the admins', decision 013). `seed` creates it as A's admin and returns strings only it contains;
   * A's member makes `attacks` and must see none of them; A's admin makes `control` and sees one.
   */
  sameOrg?: {
    seed: (ctx: TestContext, a: OrgFixture) => Promise<string[]>;
    attacks: (f: TenancyFixture, markers: string[], ctx: TestContext) => Requests;
    control: (f: TenancyFixture, markers: string[]) => TenancyRequest;
  };
}

export type TenancyCases = Record<string, TenancyCase>;
