import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

// Prometheus metrics for /metrics (on only with METRICS_TOKEN). The counters live in one registry for
// the process; the live code calls the small recorders below from its hot paths, which cost an
// increment each. Labels are bounded sets (route patterns, status codes, refusal kinds), never ids.

export const registry = new Registry();

const httpRequests = new Counter({
  name: "dealdesk_http_requests_total",
  help: "HTTP requests by route pattern, method and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});
const updatesAccepted = new Counter({
  name: "dealdesk_live_updates_accepted_total",
  help: "Live document updates that changed a document, accepted and stored",
  registers: [registry],
});
const updatesRefused = new Counter({
  name: "dealdesk_live_updates_refused_total",
  help: "Live document updates refused by the server's guard, by reason",
  labelNames: ["reason"] as const,
  registers: [registry],
});
const commitSeconds = new Histogram({
  name: "dealdesk_live_commit_seconds",
  help: "Time to store accepted live updates in the database (one group commit)",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

const documentReads = new Counter({
  name: "dealdesk_live_document_reads_total",
  help: "Reads of stored live documents as rooms load (one read may bring a quote's documents together)",
  registers: [registry],
});
const documentsRead = new Counter({
  name: "dealdesk_live_documents_read_total",
  help: "Stored live documents those reads brought",
  registers: [registry],
});

type LiveCounts = { openConnections(): number; loadedRooms(): number };
const liveServers = new Set<LiveCounts>();
const sumOf = (read: (live: LiveCounts) => number) => [...liveServers].reduce((n, live) => n + read(live), 0);
new Gauge({
  name: "dealdesk_live_connections",
  help: "Open live (WebSocket) connections",
  registers: [registry],
  collect() {
    this.set(sumOf((live) => live.openConnections()));
  },
});
new Gauge({
  name: "dealdesk_live_documents",
  help: "Live documents held in memory",
  registers: [registry],
  collect() {
    this.set(sumOf((live) => live.loadedRooms()));
  },
});

/** The guard's reasons, folded into a fixed set: a refused key name must not become a label value. */
export function refusalKind(reason: string): string {
  if (/^\w+ may not (change|write) /.test(reason)) return "field not allowed for role";
  if (reason.startsWith("unknown key ")) return "unknown key";
  if (/^[a-z ]{3,40}$/.test(reason)) return reason; // the guard's fixed phrases ("quote expired", ...)
  return "invalid value";
}

export const liveMetrics = {
  accepted(count = 1): void {
    updatesAccepted.inc(count);
  },
  refused(reason: string): void {
    updatesRefused.inc({ reason: refusalKind(reason) });
  },
  /** One read of stored documents as rooms load, which brought `documents` of them. */
  documentsRead(documents: number): void {
    documentReads.inc();
    documentsRead.inc(documents);
  },
  /** Starts timing a commit; call the answer when it is stored. */
  commitTimer(): () => void {
    return commitSeconds.startTimer();
  },
};

/** Gauges read this live server's counts while it runs; the answer stops that. */
export function watchLive(live: LiveCounts): () => void {
  liveServers.add(live);
  return () => liveServers.delete(live);
}

export function countHttpRequests(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    httpRequests.inc({ method: c.req.method, route: routePath(c), status: String(c.res.status) });
  };
}

let defaultsOn = false;

/** GET /metrics: Prometheus text for the bearer of METRICS_TOKEN, 401 for anyone else. */
export function metricsHandler(token: string) {
  if (!defaultsOn) {
    // Event-loop lag, memory, CPU, handles: prom-client's standard Node.js process metrics.
    collectDefaultMetrics({ register: registry });
    defaultsOn = true;
  }
  const expected = Buffer.from(`Bearer ${token}`);
  return async (c: Context) => {
    const given = Buffer.from(c.req.header("Authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ message: "Metrics need the METRICS_TOKEN as a bearer token" }, 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  };
}
