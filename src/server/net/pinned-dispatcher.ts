// Connections for one request hop go to the address the outbound guard approved, never to a fresh DNS
// answer: a name that resolves to a public address at check time and to 127.0.0.1 at connect time
// (DNS rebinding) still reaches the public one. The URL's host name stays the Host header and the TLS
// server name, so certificates are checked against the name the user gave.
import type { LookupFunction } from "node:net";
import { Agent } from "undici";
import type { PinnedAddress } from "./outbound-guard";

/** A `lookup` for net/tls.connect that answers every query with the pinned address. */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** A one-request undici dispatcher whose sockets connect only to `pinned`; destroy it after use. */
export function createPinnedAgent(pinned: PinnedAddress): Agent {
  return new Agent({ connect: { lookup: pinnedLookup(pinned) }, connections: 1 });
}
