import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dealArray, readDoc, writeField } from "@shared/live/quote-doc";
import { afterAll, expect, it } from "vitest";
import * as Y from "yjs";
import { createTokenService } from "../auth/tokens";
import { openDatabase } from "../db/connection";
import { createSqliteStores } from "../db/sqlite/stores";
import { bundleChildServer, startChildServer } from "../test-support/child-server";
import { createDealer } from "../test-support/fixtures";
import { connectClient, destroyClient, eventually, sampleQuote, synced } from "../test-support/live-test-kit";

// Kill -9 at random moments: whatever a second client has seen must be there after a restart.

const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-crash-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  JWT_SECRET: "crash-test-secret-0123456789abcdefghijkl",
  LOG_REQUESTS: "false",
};
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

const bundle = bundleChildServer();

async function startChild() {
  const started = await startChildServer(bundle, env);
  return { server: { url: started.url }, process: started.process };
}

function contains(outer: Y.Doc, inner: Y.Doc): boolean {
  const have = Y.decodeStateVector(Y.encodeStateVector(outer));
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(inner)))
    if ((have.get(client) ?? 0) < clock) return false;
  return true;
}

it("loses nothing a second client has seen when the server is killed at random moments (21 kills)", async () => {
  let started = await startChild();
  child = started.process;
  const db = openDatabase(dataDir);
  const tokens = createTokenService(createSqliteStores(db).users, env.JWT_SECRET);
  const { token } = await createDealer({ db, tokens });
  const res = await fetch(`${started.server.url}/api/quotes`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(sampleQuote),
  });
  const { id } = (await res.json()) as { id: string };
  let value = 0;
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };

  for (let round = 0; round < 21; round++) {
    const writer = connectClient(started, id, { token });
    const observer = connectClient(started, id);
    await Promise.all([synced(writer), synced(observer)]);
    const seenBefore = readDoc(observer.deal).downPayment;
    // Edits stream in; at a random moment after the observer has one of them, kill -9.
    const timer = setInterval(() => {
      value -= 1;
      writeField(writer.deal, "downPayment", value);
    }, 1);
    await eventually(() => expect(readDoc(observer.deal).downPayment).not.toBe(seenBefore), 5000, 1);
    await new Promise((r) => setTimeout(r, random() * 30));
    child.kill("SIGKILL");
    const seen = new Y.Doc();
    Y.applyUpdate(seen, Y.encodeStateAsUpdate(observer.doc));
    clearInterval(timer);
    destroyClient(writer);
    destroyClient(observer);
    await new Promise((r) => child?.once("exit", r));
    await expect(fetch(`${started.server.url}/api/health`)).rejects.toThrow();

    started = await startChild();
    child = started.process;
    const fresh = connectClient(started, id);
    await synced(fresh);
    expect(contains(fresh.doc, seen)).toBe(true);
    expect(readDoc(fresh.deal).downPayment as number).toBeLessThanOrEqual(
      readDoc(dealArray(seen)).downPayment as number,
    );
    destroyClient(fresh);
  }
  child.kill("SIGTERM");
  db.$client.close();
  // Each round is mostly a child server restart: 2-4 s on a loaded 2-core machine (~88 s in all).
}, 180_000);
