import { lookup } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { HANDOFF_MSG } from "@shared/schemas/handoff";
import ipaddr from "ipaddr.js";
import type { HandoffSettings } from "../config";

// Issue #39, SSRF: a webhook URL is typed by a dealership's manager, and DealDesk then makes
// requests to it from inside the dealer's network. Unless WEBHOOKS_ALLOW_PRIVATE=true, no request
// goes to loopback, private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast or
// reserved addresses. The check runs at save and at each delivery on the addresses DNS answers
// then, and the connection is made to the address that was checked (no second lookup a rebinding
// DNS server could answer differently).

//
// Issue #47: the address classes come from ipaddr.js, and only public unicast passes. An IPv6
// address that carries an IPv4 one (mapped, compatible, SIIT, NAT64, 6to4, Teredo) passes only
// when every IPv4 address it carries does: each of them is a way to reach 127.0.0.1.

const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

/**
 * The IPv4 addresses an IPv6 address carries, [] when it carries none, or null when it is of a
 * family whose IPv4 part cannot be told apart (the local-use NAT64 prefix 64:ff9b:1::/48 puts it
 * where the operator chose): such an address is refused.
 */
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const last = ipv4(p[6], p[7]);
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT)
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0) {
    const fifthSixth = `${p[4]}:${p[5]}`;
    if (fifthSixth === "0:0" || fifthSixth === "0:65535" || fifthSixth === "65535:0") return [last];
  }
  if (p[0] === 0x64 && p[1] === 0xff9b) {
    if (p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return [last]; // NAT64 64:ff9b::/96
    if (p[2] === 1) return null; // 64:ff9b:1::/48
  }
  if (p[0] === 0x2002) return [ipv4(p[1], p[2])]; // 6to4: 2002:AABB:CCDD::
  // Teredo: the server's address, then the client's with every bit flipped.
  if (p[0] === 0x2001 && p[1] === 0) return [ipv4(p[2], p[3]), ipv4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
  return [];
}

/** Whether the address is one DealDesk never sends to without WEBHOOKS_ALLOW_PRIVATE. */
export function isPrivateAddress(address: string): boolean {
  // A zone (fe80::1%eth0) or anything else ipaddr.js cannot read is refused.
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() !== "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const carried = carriedIpv4(v6);
  if (carried === null) return true;
  if (carried.length > 0) return carried.some((v4) => v4.range() !== "unicast");
  return v6.range() !== "unicast";
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
class RefusedAddressError extends Error {}

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
