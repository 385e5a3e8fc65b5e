import type { IncomingMessage } from "node:http";

// Connection limits of the live channel. The caps count sockets (open or being opened) so that
// one visitor cannot exhaust the process: per quote (both of its documents) and per client IP.
// Both can be raised for load tests or large shop floors behind one NAT address.

export const MAX_MESSAGE_BYTES = 256 * 1024;
/**
 * Ping interval; a socket that has not answered the previous ping by the next one is terminated.
 * 2 s finds a vanished peer within 4 s, so presence (issue #9) goes away within 5 s of a lost network.
 */
export const HEARTBEAT_MS = 2_000;

export type LiveLimits = { perQuote: number; perIp: number; heartbeatMs: number };

const positive = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export function readLimits(env: NodeJS.ProcessEnv = process.env): LiveLimits {
  return {
    perQuote: positive(env.LIVE_MAX_CONNECTIONS_PER_QUOTE, 20),
    perIp: positive(env.LIVE_MAX_CONNECTIONS_PER_IP, 50),
    heartbeatMs: HEARTBEAT_MS,
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
    release(key: string) {
      const count = (counts.get(key) ?? 0) - 1;
      if (count <= 0) counts.delete(key);
      else counts.set(key, count);
    },
    count: (key: string) => counts.get(key) ?? 0,
  };
}
