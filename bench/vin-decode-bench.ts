import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openVinDecoder } from "../server/vehicles/vin-decoder";
import { withCheckDigit } from "../shared/inventory/vin";

// Issue #50's cost check of offline VIN decoding: unpacking and indexing the vPIC database once,
// the resident memory before and after opening it, the first decode, and the p50/p95 of decodes
// over a mix of real model prefixes of many makers and years (each first decode of a maker and
// year is a cold look-up; repeats hit corgi's memo). Target: p95 <= 20 ms.
// Usage: npm run bench:vin [-- DECODES] [-- --keep DIR] (DIR keeps the unpacked copy between runs)

const args = process.argv.slice(2);
const DECODES = Number(args.find((a) => /^\d+$/.test(a)) ?? 600);
const keep = args.includes("--keep") ? args[args.indexOf("--keep") + 1] : undefined;

// The first eight characters of real VINs (maker, model, body, engine) across makers and decades.
const PREFIXES = [
  "KM8K2CAB",
  "1HGCM826",
  "19XFC2F5",
  "2T3W1RFV",
  "5YJ3E1EA",
  "1FTFW1ET",
  "WBA3A5C5",
  "JTDKB20U",
  "1G1ZD5ST",
  "4T1BF1FK",
  "1N4AL3AP",
  "3VW2B7AJ",
  "JN8AS5MV",
  "5NPE24AF",
  "1C4RJFAG",
  "1GCVKREC",
  "2HKRW2H8",
  "JM1BM1V7",
  "4S4BSANC",
  "1FMCU9GD",
  "WAUAFAFL",
  "KNDJP3A5",
  "3GNAXKEV",
  "1FA6P8TH",
  "5FNRL5H6",
  "2C3CDXBG",
  "1G1BE5SM",
  "3N1AB7AP",
  "5XYZU3LB",
  "1GNSKCKC",
];
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const rand = random(50);
const pick = <T>(list: readonly T[] | string): T => list[Math.floor(rand() * list.length)] as T;
const vins = Array.from({ length: DECODES }, () => {
  const serial = String(Math.floor(rand() * 1_000_000)).padStart(6, "0");
  return withCheckDigit(
    `${pick<string>(PREFIXES)}0${pick<string>(YEAR_CODES)}${pick<string>("ABCDEFGHKLMNPRSTUZ0123456789")}${serial}`,
  );
});

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const dir = keep ?? mkdtempSync(path.join(tmpdir(), "dealdesk-vin-bench-"));
try {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  const decoder = openVinDecoder(dir, (line) => console.log(line));
  await decoder.ready;
  const openMs = performance.now() - started;
  const rssOpen = process.memoryUsage().rss;
  started = performance.now();
  const first = await decoder.decode("KM8K2CAB4PU001140");
  const firstMs = performance.now() - started;
  const times: number[] = [];
  // CPU time too: on a shared machine the wall time counts other processes' turns.
  const cpu: number[] = [];
  let known = 0;
  for (const vin of vins) {
    const t = performance.now();
    const c = process.cpuUsage();
    if (await decoder.decode(vin)) known += 1;
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - t);
  }
  global.gc?.();
  const rssAfter = process.memoryUsage().rss;
  const heapAfter = process.memoryUsage().heapUsed;
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const at = (q: number, list = times) =>
    (list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0).toFixed(1);
  console.log(`open (unpack and index when new): ${openMs.toFixed(0)} ms`);
  console.log(`first decode: ${firstMs.toFixed(1)} ms (${first?.description})`);
  console.log(
    `${DECODES} decodes (${known} known to vPIC): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
  console.log(`  CPU per decode: p50 ${at(0.5, cpu)} ms, p95 ${at(0.95, cpu)} ms, max ${at(1, cpu)} ms`);
  console.log(
    `RSS: before ${mib(rssBefore)}, opened ${mib(rssOpen)}, after the decodes ${mib(rssAfter)} (heap in use ${mib(heapAfter)} of ${mib(process.memoryUsage().heapTotal)})`,
  );
  decoder.close();
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    console.log(
      status
        .split("\n")
        .filter((line) => /^Rss(Anon|File|Shmem)/.test(line))
        .join(", ")
        .replace(/\s+/g, " "),
    );
  } catch {
    // Not Linux: the split of the resident memory is not known.
  }
} finally {
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
