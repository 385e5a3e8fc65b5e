import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../server/test-support/built-server";
import { startPostgres, startRedis } from "../server/test-support/services";
import { BENCH_QUOTE, startLoadGenerator } from "./generator-client";

// npm run bench:cluster (and the last part of npm run bench): two built DealDesk processes on one
// PostgreSQL and one Redis, the real app end to end. DOCS quotes, each with a dealer socket on
// process A and a shopper socket on process B, edited RATE times a second in all (alternately by
// each side), so every edit crosses processes: client → process → PostgreSQL (CAS append) →
// Redis → other process → client. Prints propagation p50/p99 against issue #17's targets, lost
// updates and the CPU of each process, PostgreSQL and Redis. PostgreSQL runs with fsync on, as
// a deployment does. As in ../shared/peerbench, a warm-up at the same rate (JIT, connection pools,
// socket buffers) comes first and is not measured. Usage:
// npm run bench:cluster [-- DOCS RATE SECONDS WARMUP_SECONDS]. CLUSTER_BENCH_TRACE=<prefix>
// writes every 5th edit's send and receive times to <prefix>-<run>.json, to see when the slow ones
// happened. The processes run with NODE_OPTIONS=--v8-pool-size=1, as README's "Running several
// processes" advises when processes share a machine's cores; CLUSTER_BENCH_NODE_OPTIONS="" runs
// them with Node's default (four V8 helper threads each) instead.

const DOCS = Number(process.argv[2] ?? 1000);
const RATE = Number(process.argv[3] ?? DOCS);
const SECONDS = Number(process.argv[4] ?? 20);
const WARMUP_SECONDS = Number(process.argv[5] ?? 10);
const METRICS_TOKEN = "cluster-bench-metrics";
const NODE_OPTIONS = process.env.CLUSTER_BENCH_NODE_OPTIONS ?? "--v8-pool-size=1";

const percentile = (values: number[], p: number) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
/** CPU seconds a process has used (utime + stime from /proc). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/**
 * CPU seconds used by the processes of this name (PostgreSQL, Redis): the running ones', and
 * their ended children's (cutime + cstime), so a PostgreSQL backend whose pooled connection
 * closed between two readings still counts (the postmaster collected it).
 */
const cpuSecondsOf = (name: string) => {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // The process ended while we read.
    }
  }
  return total;
};

const [postgres, redis] = await Promise.all([startPostgres({ durable: true }), startRedis()]);
const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-cluster-bench-"));
const children: ChildProcess[] = [];

async function startProcess(index: number) {
  // CLUSTER_BENCH_PROFILE=<dir>: each process writes a V8 CPU profile there when it stops.
  const profile = process.env.CLUSTER_BENCH_PROFILE;
  const started = await startBuiltServer({
    NODE_FLAGS: profile ? `--cpu-prof --cpu-prof-dir=${path.resolve(profile)}` : "",
    NODE_OPTIONS,
    DATA_DIR: path.join(dataDir, `process-${index}`),
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    LOG_REQUESTS: "false",
    QUOTES_PER_DEALER_PER_MINUTE: "1000000",
    LIVE_MAX_CONNECTIONS_PER_IP: "100000",
    METRICS_TOKEN,
  });
  children.push(started.child);
  return { url: started.url, pid: started.child.pid as number };
}

/**
 * A process's own event-loop delay (p99 and max, ms) and time in GC (s) since the last call:
 * prom-client's standard metrics, read through GET /metrics (each read starts a new window).
 */
async function processStalls(url: string) {
  const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const value = (name: string) =>
    Number(new RegExp(`^${name} ([0-9.e+-]+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  let gc = 0;
  for (const [, seconds] of text.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} ([0-9.e+-]+)$/gm))
    gc += Number(seconds);
  // The append's round trip (judge to PostgreSQL's answer), from its histogram: commits so far,
  // and how many took longer than 10 and 25 ms.
  const commitsAtMost = (le: string) =>
    Number(
      new RegExp(`^dealdesk_live_commit_seconds_bucket\\{le="${le}"\\} ([0-9.e+-]+)$`, "m").exec(text)?.[1] ??
        0,
    );
  const commits = commitsAtMost("\\+Inf");
  return {
    loopP99: value("nodejs_eventloop_lag_p99_seconds") * 1000,
    loopMax: value("nodejs_eventloop_lag_max_seconds") * 1000,
    gcSeconds: gc,
    commits,
    commitsOver10: commits - commitsAtMost("0.01"),
    commitsOver25: commits - commitsAtMost("0.025"),
  };
}

try {
  const a = await startProcess(0);
  const b = await startProcess(1);
  const registered = await fetch(`${a.url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "bench@example.com",
      password: "correct horse battery",
      firstName: "Bench",
      lastName: "Dealer",
    }),
  });
  const { token } = (await registered.json()) as { token: string };
  const ids: string[] = [];
  const body = JSON.stringify(BENCH_QUOTE);
  for (let i = 0; i < DOCS; i++) {
    const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/quotes`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body,
    });
    ids.push(((await res.json()) as { id: string }).id);
  }
  console.error(`[bench:cluster] ${DOCS} quotes created; opening ${DOCS * 2} sockets`);

  const generator = await startLoadGenerator();
  const { ask } = generator;
  await ask({ type: "init", serverUrl: a.url, shopperServerUrl: b.url, token });
  await ask({ type: "open", ids });
  await new Promise((r) => setTimeout(r, 2000));
  console.error(`[bench:cluster] warming up: ${WARMUP_SECONDS} s at ${RATE} edits/s, not measured`);
  await ask({ type: "run", rate: RATE, seconds: WARMUP_SECONDS, drainMs: 3000 });

  /** CPU seconds so far of process A, process B, PostgreSQL and Redis. */
  const cpuNow = () => [
    cpuSeconds(a.pid),
    cpuSeconds(b.pid),
    cpuSecondsOf("postgres"),
    cpuSecondsOf("redis-server"),
  ];
  const rows: string[][] = [];
  for (const round of [1, 2]) {
    const cpu0 = cpuNow();
    const stalls0 = await Promise.all([processStalls(a.url), processStalls(b.url)]);
    const t0 = performance.now();
    const result = await ask<{
      latencies: number[];
      lost: number;
      lostMarks: string[];
      sent: number;
      cpuPercent: number;
      loopP99: number;
      loopMax: number;
      sentLog: { key: string; sentAt: number; receivedAt: number }[];
    }>({
      type: "run",
      rate: RATE,
      seconds: SECONDS,
      // An edit still missing 3 s after the last one was sent counts as lost.
      drainMs: 3000,
    });
    const wall = (performance.now() - t0) / 1000;
    const stalls = await Promise.all([processStalls(a.url), processStalls(b.url)]);
    if (process.env.CLUSTER_BENCH_TRACE)
      writeFileSync(`${process.env.CLUSTER_BENCH_TRACE}-${round}.json`, JSON.stringify(result.sentLog));
    if (result.lost > 0)
      console.error(`[bench:cluster] run ${round}: not delivered: ${result.lostMarks.join(", ")}`);
    const cpu = cpuNow().map((seconds, i) => seconds - (cpu0[i] as number));
    const percent = (seconds: number) => `${((seconds / wall) * 100).toFixed(0)}%`;
    const p50 = percentile(result.latencies, 50);
    const p99 = percentile(result.latencies, 99);
    rows.push([
      `run ${round}`,
      `${result.sent}`,
      `${result.latencies.length}`,
      `${result.lost}`,
      `${p50.toFixed(2)} ms`,
      `${p99.toFixed(2)} ms`,
      cpu.map((seconds) => percent(seconds)).join(" / "),
      `${result.cpuPercent.toFixed(0)}%`,
      `${result.loopP99.toFixed(1)} / ${result.loopMax.toFixed(1)} ms`,
      stalls.map((s) => `${s.loopP99.toFixed(1)} / ${s.loopMax.toFixed(1)} ms`).join(", "),
      stalls
        .map((s, i) => `${(((s.gcSeconds - (stalls0[i]?.gcSeconds ?? 0)) / wall) * 100).toFixed(1)}%`)
        .join(" / "),
      stalls
        .map((s, i) => {
          const before = stalls0[i];
          const count = s.commits - (before?.commits ?? 0);
          const share = (over: number) => `${((over / Math.max(count, 1)) * 100).toFixed(2)}%`;
          return `${share(s.commitsOver10 - (before?.commitsOver10 ?? 0))} / ${share(s.commitsOver25 - (before?.commitsOver25 ?? 0))}`;
        })
        .join(", "),
      p50 <= 3 && p99 <= 15 && result.lost === 0 ? "met" : "missed",
    ]);
  }
  await ask({ type: "close" });
  generator.kill();
  console.log(
    `\nTwo processes on PostgreSQL (fsync on) + Redis: ${DOCS} documents, ${RATE} edits/s, ` +
      `${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up; NODE_OPTIONS="${NODE_OPTIONS}" on each process`,
  );
  console.log("(target: cross-process propagation p50 <= 3 ms and p99 <= 15 ms, nothing lost)\n");
  const header = [
    "",
    "edits sent",
    "delivered",
    "lost",
    "p50",
    "p99",
    "CPU A / B / PostgreSQL / Redis",
    "generator CPU",
    // The generator's own event-loop delay is the floor under any latency it measures.
    "generator loop delay p99 / max",
    "A, B loop delay p99 / max",
    "A / B time in GC",
    // A slow append delays that edit on every path; a slow process delays all of its edits.
    "A, B appends over 10 / 25 ms",
    "target",
  ];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)),
  );
  await Promise.all([postgres.cleanup(), redis.cleanup()]);
  rmSync(dataDir, { recursive: true, force: true });
}
