import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { HANDOFF_MSG } from "@shared/handoff";
import type { HandoffSettings } from "../config";

// Issue #39, SSRF: a webhook URL is typed by a dealership's manager, and DealDesk then makes
// requests to it from inside the dealer's network. Unless WEBHOOKS_ALLOW_PRIVATE=true, no request
// goes to loopback, private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast or
// reserved addresses. The check runs at save and at each delivery on the addresses DNS answers
// then, and the connection is made to the address that was checked (no second lookup a rebinding
// DNS server could answer differently).

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** Whether the address is one DealDesk never sends to without WEBHOOKS_ALLOW_PRIVATE. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::a.b.c.d) forms reach IPv4.
  const embedded = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (embedded?.[1]) return blocked.check(embedded[1], "ipv4");
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mapped?.[1] && mapped[2]) {
    const high = Number.parseInt(mapped[1], 16);
    const low = Number.parseInt(mapped[2], 16);
    return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, "ipv4");
  }
  return blocked.check(lower, "ipv6");
}

type Address = { address: string; family: number };

function resolveAll(host: string): Promise<Address[]> {
  return new Promise((resolve, reject) =>
    lookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Why DealDesk will not send to this URL now, or null: the scheme, then every address the host
 * resolves to.
 */
export async function urlProblem(raw: string, settings: Pick<HandoffSettings, "allowHttp" | "allowPrivate">) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return HANDOFF_MSG.urlInvalid;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && settings.allowHttp))
    return HANDOFF_MSG.httpsRequired;
  if (settings.allowPrivate) return null;
  const host = hostOf(url);
  let addresses: Address[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
  } catch {
    return HANDOFF_MSG.unresolvable(host);
  }
  if (addresses.length === 0) return HANDOFF_MSG.unresolvable(host);
  if (addresses.some((a) => isPrivateAddress(a.address))) return HANDOFF_MSG.privateAddress(host);
  return null;
}

/** Thrown when a delivery's host resolves to an address it may not reach. */
export class RefusedAddressError extends Error {}

/**
 * A `lookup` for http.request that refuses the connection when any address of the host is one
 * DealDesk does not send to, and otherwise connects to exactly the addresses it checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused || addresses.length === 0) {
        const problem = new RefusedAddressError(
          refused ? HANDOFF_MSG.privateAddress(hostname) : HANDOFF_MSG.unresolvable(hostname),
        );
        return callback(problem, "", 0);
      }
      if (options.all) return (callback as (e: null, a: Address[]) => void)(null, addresses);
      const [first] = addresses as [Address];
      callback(null, first.address, first.family);
    });
  };
}

/** An IP literal in the URL never goes through `lookup`: it is checked here. */
export function literalAddressProblem(url: URL, allowPrivate: boolean): string | null {
  const host = hostOf(url);
  if (allowPrivate || !isIP(host)) return null;
  return isPrivateAddress(host) ? HANDOFF_MSG.privateAddress(host) : null;
}
