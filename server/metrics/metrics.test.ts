import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService } from "../auth/tokens";
import { closeDatabase, openDatabase } from "../db/connection";
import { createSqliteStores } from "../db/sqlite/stores";
import { type RunningServer, startServer } from "../server";
import { createDealer } from "../test-support/fixtures";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  synced,
} from "../test-support/live-test-kit";
import { testVinDatabaseEnv } from "../test-support/vin-database-dir";
import { refusalKind } from "./metrics";

// The real server on a temp SQLite file with METRICS_TOKEN set, a real y-websocket shopper.

const TOKEN = "metrics-token-for-tests-0123456789";
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-metrics-"));
  server = await startServer(
    { LOG_REQUESTS: "false", METRICS_TOKEN: TOKEN, ...testVinDatabaseEnv },
    { dataDir, port: 0, host: "127.0.0.1" },
    () => {},
  );
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const metrics = (authorization?: string) =>
  fetch(`${server.url}/metrics`, authorization ? { headers: { Authorization: authorization } } : {});

/** The value of one sample line, e.g. `dealdesk_live_updates_refused_total{reason="..."}`; 0 when absent. */
async function sample(name: string): Promise<number> {
  const text = await (await metrics(`Bearer ${TOKEN}`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe("/metrics", () => {
  it("answers 401 without the token or with a wrong one", async () => {
    for (const auth of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await metrics(auth);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("dealdesk_");
    }
  });

  it("serves Prometheus text with the token: live, HTTP, commit latency, event loop and memory", async () => {
    await fetch(`${server.url}/api/health`);
    const res = await metrics(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    for (const name of [
      "# TYPE dealdesk_live_connections gauge",
      "# TYPE dealdesk_live_documents gauge",
      "# TYPE dealdesk_live_updates_accepted_total counter",
      "# TYPE dealdesk_live_updates_refused_total counter",
      "# TYPE dealdesk_live_commit_seconds histogram",
      "# TYPE nodejs_eventloop_lag_seconds gauge",
      "# TYPE process_resident_memory_bytes gauge",
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toContain('dealdesk_http_requests_total{method="GET",route="/api/health",status="200"} 1');
  });

  it("counts a shopper's refused update, accepted updates, open connections and documents, and never an id", async () => {
    const db = openDatabase(dataDir);
    const { token } = await createDealer({
      db,
      tokens: createTokenService(createSqliteStores(db).users, server.config.jwtSecret),
    });
    closeDatabase(db);
    const id = await createQuoteVia(
      {
        api: (method, url, body, bearer) =>
          fetch(`${server.url}${url}`, {
            method,
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
            body: JSON.stringify(body),
          }),
      } as Parameters<typeof createQuoteVia>[0],
      token,
    );
    const refused = 'dealdesk_live_updates_refused_total{reason="field not allowed for role"}';
    const refusedBefore = await sample(refused);
    const acceptedBefore = await sample("dealdesk_live_updates_accepted_total");

    const dealer = connectClient({ server }, id, { token });
    const shopper = connectClient({ server }, id);
    await Promise.all([synced(dealer), synced(shopper)]);
    expect(await sample("dealdesk_live_connections")).toBe(2);
    expect(await sample("dealdesk_live_documents")).toBe(1);

    writeField(dealer.deal, "downPayment", -2345);
    await eventually(async () =>
      expect(await sample("dealdesk_live_updates_accepted_total")).toBe(acceptedBefore + 1),
    );
    expect(await sample("dealdesk_live_commit_seconds_count")).toBeGreaterThanOrEqual(1);

    // A shopper may not change the discount: the server refuses the update and closes the socket.
    shopper.provider.shouldConnect = false;
    writeField(shopper.deal, "pricing", { advertisedPrice: 25000, discount: 9000 });
    await eventually(() =>
      expect(shopper.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.changeRefused),
    );
    expect(await sample(refused)).toBe(refusedBefore + 1);

    const text = await (await metrics(`Bearer ${TOKEN}`)).text();
    expect(text).not.toContain(id);
    destroyClient(dealer);
    destroyClient(shopper);
  });
});

describe("/api/health", () => {
  it("says storage is writable, and 503 when the data dir stops taking writes", async () => {
    const ok = await fetch(`${server.url}/api/health`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, storageWritable: true });

    if (process.getuid?.() === 0) return; // root writes through any permission; the check below needs a user
    chmodSync(dataDir, 0o500);
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, storageWritable: false });
    } finally {
      chmodSync(dataDir, 0o700);
    }
  });
});

describe("refusal reasons as labels", () => {
  it("folds key names into a fixed set", () => {
    expect(refusalKind("shopper may not write pricing.discount")).toBe("field not allowed for role");
    expect(refusalKind("shopper may not change pricing")).toBe("field not allowed for role");
    expect(refusalKind(`unknown key ${"x".repeat(500)}`)).toBe("unknown key");
    expect(refusalKind("quote expired")).toBe("quote expired");
    expect(refusalKind("Discount can't be more than the advertised price ($25,000.00)")).toBe(
      "invalid value",
    );
  });
});
