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

export interface TenancyCase {
  /**
   * Creates organisation A's data as A's admin (when the route reads or changes data) and returns
   * strings that only A's data contains: none of them may reach an identity outside A.
   */
  seed?: (ctx: TestContext, a: OrgFixture) => Promise<string[]>;
  /** Requests aimed at A's data, made by each identity outside A (and anonymously). */
  attacks: (f: TenancyFixture, markers: string[]) => TenancyRequest[];
  /** A request by someone in A that must succeed and show a marker: proves the attacks aim at real data. */
  control?: (f: TenancyFixture, markers: string[]) => TenancyRequest;
  /** After the attacks: throws unless A's data is as it was (nothing changed or deleted). */
  intact?: (ctx: TestContext, f: TenancyFixture) => Promise<void>;
}

export type TenancyCases = Record<string, TenancyCase>;
