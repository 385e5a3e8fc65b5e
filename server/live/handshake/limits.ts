import type { IncomingMessage } from "node:http";
import type { Config } from "../../config";

// Connection limits of the live channel. The caps count sockets (open or being opened) so that
// one visitor cannot exhaust the process: per quote (both of its documents) and per client IP.
// Both can be raised for load tests or large shop floors behind one NAT address.

export const MAX_MESSAGE_BYTES = 256 * 1024;
export type LiveLimits = { perQuote: number; perIp: number; heartbeatMs: number };

/**
 * The heartbeat (LIVE_HEARTBEAT_SECONDS, 30 s as in Hocuspocus and y-websocket) only reaps dead
 * TCP connections: presence does not wait for it, since our pages renew their awareness state
 * every 1.5 s and a state older than 3.5 s no longer counts (shared/rules/presence-rule.ts). At 2 s it
 * kept a server with 2,000 idle sockets at 5-8% CPU (decision 005).
 */
export function readLimits(
  config: Pick<Config, "liveHeartbeatMs" | "liveMaxConnectionsPerQuote" | "liveMaxConnectionsPerIp">,
): LiveLimits {
  return {
    perQuote: config.liveMaxConnectionsPerQuote,
    perIp: config.liveMaxConnectionsPerIp,
    heartbeatMs: config.liveHeartbeatMs,
  };
}

/** The caller's address; the first X-Forwarded-For hop only when TRUST_PROXY says a proxy sets it. */
export function upgradeIp(request: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = request.headers["x-forwarded-for"];
    const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return request.socket.remoteAddress ?? "unknown";
}

/** Counts per key; `take` refuses past the cap, `release` gives the slot back. */
export function createCounter(cap: number) {
  const counts = new Map<string, number>();
  return {
    take(key: string): boolean {
      const count = counts.get(key) ?? 0;
      if (count >= cap) return false;
      counts.set(key, count + 1);
      return true;
    },
    /** Takes one past the cap (a slot handed over from a socket that is closing). */
    takeAnyway(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    release(key: string) {
      const count = (counts.get(key) ?? 0) - 1;
      if (count <= 0) counts.delete(key);
      else counts.set(key, count);
    },
    count: (key: string) => counts.get(key) ?? 0,
  };
}
