// Issue #36: nothing typed during a storage outage is lost. The data dir sits on a small tmpfs that
// fills up mid-stream while the dealer types (on the stock provider and on our page); space is
// freed; every edit typed meanwhile is stored and seen by the shopper, and no socket is closed
// with a final code. Needs root (mount); the test machines run as root.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { liveServerUrl } from "@shared/live/live-protocol";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../../../../server/test-support/live-test-kit";
import { LiveQuote } from "./live-quote";

const isRoot = process.getuid?.() === 0;
const RUNS = 20;
const EDITS = 24;

let mountPoint = "";
let h: LiveHarness;
let token = "";

beforeAll(async () => {
  if (!isRoot) return;
  mountPoint = mkdtempSync(path.join(tmpdir(), "dealdesk-full-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint]);
  h = await startLiveHarness({ dataDir: path.join(mountPoint, "data") });
  token = (await h.dealer()).token;
});

afterAll(async () => {
  if (!isRoot) return;
  await h?.stop();
  execFileSync("umount", ["-l", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const filler = () => path.join(mountPoint, "filler");

/** Takes every free byte of the tmpfs (the data dir's next write fails with SQLITE_FULL). */
function fillDisk() {
  // The write-ahead log gives its pages back first, so the server's next commit needs new space.
  h.db.$client.pragma("wal_checkpoint(TRUNCATE)");
  const { bavail, bsize } = statfsSync(mountPoint);
  try {
    writeFileSync(filler(), Buffer.alloc(Number(bavail) * Number(bsize)));
  } catch {
    // ENOSPC at the very end: full is what we want.
  }
}

const freeDisk = () => rmSync(filler(), { force: true });

const isFinal = (code: number) => code >= 4400 && code < 4500;

describe.skipIf(!isRoot)("a storage outage while the dealer types (issue #36)", () => {
  it(`loses nothing over ${RUNS} runs of a disk that fills up mid-stream, on the stock provider and on our page`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const quoteId = await createQuoteVia(h, token);
      const stock = connectClient(h, quoteId, { token });
      const page = new LiveQuote({
        quoteId,
        role: "dealer",
        token,
        persist: false,
        serverUrl: liveServerUrl(h.server.url),
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      });
      const shopper: Client = connectClient(h, quoteId);
      await Promise.all([synced(stock), synced(shopper)]);
      await eventually(() => expect(page.getSnapshot().status).toBe("connected"));
      for (let i = 1; i <= EDITS; i++) {
        if (i === 6) fillDisk();
        if (i === 18) freeDisk();
        const vehicle = readDoc(stock.deal).vehicle as Record<string, unknown>;
        writeField(stock.deal, "vehicle", { ...vehicle, color: `Run ${run} colour ${i}` });
        const result = await page.update("downPayment", -(run * 100 + i));
        expect(result.ok).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      freeDisk();
      await eventually(
        async () => {
          const res = await h.api("GET", `/api/quotes/${quoteId}`);
          const stored = ((await res.json()) as { data: Record<string, unknown> }).data;
          expect(stored.downPayment).toBe(-(run * 100 + EDITS));
          expect((stored.vehicle as { color: string }).color).toBe(`Run ${run} colour ${EDITS}`);
          const seen = readDoc(shopper.deal);
          expect(seen.downPayment).toBe(-(run * 100 + EDITS));
          expect((seen.vehicle as { color: string }).color).toBe(`Run ${run} colour ${EDITS}`);
          expect(page.getSnapshot().data?.vehicle.color).toBe(`Run ${run} colour ${EDITS}`);
        },
        30_000,
        50,
      );
      expect(stock.closed.map((c) => c.code).filter(isFinal)).toEqual([]);
      expect(shopper.closed.map((c) => c.code).filter(isFinal)).toEqual([]);
      expect(page.getSnapshot().ended).toBeNull();
      page.destroy();
      destroyClient(stock);
      destroyClient(shopper);
    }
    // The outage was real: writes failed while the disk was full (and were taken again after).
    const failures = h.logs.filter((line) => /storing .* failed/.test(line));
    console.log(
      `disk-full: ${failures.length} failed writes, ${h.logs.filter((l) => l.includes("asked a")).length} asks for missing changes`,
    );
    expect(failures.length).toBeGreaterThanOrEqual(RUNS / 2);
  }, 600_000);
});
