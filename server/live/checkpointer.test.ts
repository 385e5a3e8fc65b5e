import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "../db/connection";
import { eventually } from "../test-support/live-test-kit";
import { startCheckpointer } from "./logs/checkpointer";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("moves WAL pages into the database file from a worker while the main connection never checkpoints", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-checkpoint-"));
  dirs.push(dir);
  const db = openDatabase(dir);
  const sqlite = db.$client;
  const stop = startCheckpointer(sqlite, () => {}, 50);
  expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
  const file = path.join(dir, "dealdesk.sqlite");
  const before = statSync(file).size;
  sqlite.exec("CREATE TABLE probe (id INTEGER PRIMARY KEY, body BLOB)");
  const insert = sqlite.prepare("INSERT INTO probe (body) VALUES (?)");
  for (let i = 0; i < 500; i++) insert.run(Buffer.alloc(4096, i));
  // Only a checkpoint copies pages from the WAL into the main file.
  await eventually(() => expect(statSync(file).size).toBeGreaterThan(before + 1_000_000), 5000, 20);
  stop();
  expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  closeDatabase(db);
});
