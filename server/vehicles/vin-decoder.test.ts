import diagnostics from "node:diagnostics_channel";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { packagedVinDatabase, prepareVinDatabase } from "./vin-database";
import { openVinDecoder } from "./vin-decoder";

// Issue #50: the decoder starts and decodes with no network (no socket opened, no fetch), writes
// its unpacked copy only where it is told (never beside the packaged .gz in node_modules), and
// unpacks once: a second opening reuses the copy and an older package's copy is removed.

const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-vpic-fresh-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("unpacks the packaged database once into its own directory and decodes without opening a socket", async () => {
  const packaged = path.dirname(packagedVinDatabase());
  const packagedBefore = readdirSync(packaged).sort();
  writeFileSync(path.join(dir, "vpic-1-1.db"), "an older package's copy");
  const sockets: string[] = [];
  const onSocket = () => sockets.push("net.client.socket");
  diagnostics.subscribe("net.client.socket", onSocket);
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    sockets.push(`fetch ${String(input)}`);
    return realFetch(input, init);
  };
  const lines: string[] = [];
  const decoder = openVinDecoder(dir, (line) => lines.push(line));
  try {
    await decoder.ready;
    expect(await decoder.decode("KM8K2CAB4PU001140")).toMatchObject({ description: "2023 Hyundai Kona SE" });
    expect(await decoder.decode("9ZZZZ1232ZA000001")).toBeNull();
  } finally {
    decoder.close();
    globalThis.fetch = realFetch;
    diagnostics.unsubscribe("net.client.socket", onSocket);
  }
  expect(sockets).toEqual([]);
  expect(lines).toEqual([expect.stringMatching(/^VIN decoding ready \(.+vpic-\d+-\d+\.db, \d+ ms\)$/)]);
  const [copy, ...others] = readdirSync(dir);
  expect(others).toEqual([]);
  expect(copy).toMatch(/^vpic-\d+-\d+\.db$/);
  expect(readdirSync(packaged).sort()).toEqual(packagedBefore);

  const unpackedAt = statSync(path.join(dir, copy ?? "")).mtimeMs;
  expect(await prepareVinDatabase(dir)).toBe(path.join(dir, copy ?? ""));
  expect(statSync(path.join(dir, copy ?? "")).mtimeMs).toBe(unpackedAt);
}, 180_000);

it("says why when the database cannot be prepared, and refuses decodes instead of guessing", async () => {
  const file = path.join(dir, "not-a-directory");
  writeFileSync(file, "");
  const lines: string[] = [];
  const decoder = openVinDecoder(path.join(file, "vpic"), (line) => lines.push(line));
  await decoder.ready;
  expect(lines).toEqual([expect.stringMatching(/^VIN decoding is unavailable: ENOTDIR/)]);
  await expect(decoder.decode("KM8K2CAB4PU001140")).rejects.toThrow(/ENOTDIR/);
  decoder.close();
});
