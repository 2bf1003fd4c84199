// The part of `oidc-provider` (which ships no types) that the fake Google stand-in uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: never[]) => void): this;
    /** An access token this provider issued, or undefined when unknown or expired. */
    AccessToken: { find(value: string): Promise<{ scope?: string; exp: number } | undefined> };
  }
}
