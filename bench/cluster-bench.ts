import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../server/testing/built-server";
import { startPostgres, startRedis } from "../server/testing/services";
import { BENCH_QUOTE, startLoadGenerator } from "./generator-client";

// npm run bench:cluster (and the last part of npm run bench): two built DealDesk processes on one
// PostgreSQL and one Redis, the real app end to end. DOCS quotes, each with a dealer socket on
// process A and a shopper socket on process B, edited RATE times a second in all (alternately by
// each side), so every edit crosses processes: client → process → PostgreSQL (CAS append) →
// Redis → other process → client. Prints propagation p50/p99 against issue #17's targets, lost
// updates and each process's CPU. Usage: npm run bench:cluster [-- DOCS RATE SECONDS]

const DOCS = Number(process.argv[2] ?? 1000);
const RATE = Number(process.argv[3] ?? DOCS);
const SECONDS = Number(process.argv[4] ?? 20);

const percentile = (values: number[], p: number) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
/** CPU seconds a process has used (utime + stime from /proc). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-cluster-bench-"));
const children: ChildProcess[] = [];

async function startProcess(index: number) {
  // CLUSTER_BENCH_PROFILE=<dir>: each process writes a V8 CPU profile there when it stops.
  const profile = process.env.CLUSTER_BENCH_PROFILE;
  const started = await startBuiltServer({
    NODE_FLAGS: profile ? `--cpu-prof --cpu-prof-dir=${path.resolve(profile)}` : "",
    DATA_DIR: path.join(dataDir, `process-${index}`),
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    LOG_REQUESTS: "false",
    QUOTES_PER_DEALER_PER_MINUTE: "1000000",
    LIVE_MAX_CONNECTIONS_PER_IP: "100000",
  });
  children.push(started.child);
  return { url: started.url, pid: started.child.pid as number };
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

  const rows: string[][] = [];
  for (const round of [1, 2]) {
    const cpu0 = [cpuSeconds(a.pid), cpuSeconds(b.pid)];
    const t0 = performance.now();
    const result = await ask<{
      latencies: number[];
      lost: number;
      lostMarks: string[];
      sent: number;
      cpuPercent: number;
      loopP99: number;
      loopMax: number;
    }>({
      type: "run",
      rate: RATE,
      seconds: SECONDS,
      // An edit still missing 3 s after the last one was sent counts as lost.
      drainMs: 3000,
    });
    const wall = (performance.now() - t0) / 1000;
    if (result.lost > 0)
      console.error(`[bench:cluster] run ${round}: not delivered: ${result.lostMarks.join(", ")}`);
    const cpu = [cpuSeconds(a.pid) - (cpu0[0] as number), cpuSeconds(b.pid) - (cpu0[1] as number)];
    const p50 = percentile(result.latencies, 50);
    const p99 = percentile(result.latencies, 99);
    rows.push([
      `run ${round}`,
      `${result.sent}`,
      `${result.latencies.length}`,
      `${result.lost}`,
      `${p50.toFixed(2)} ms`,
      `${p99.toFixed(2)} ms`,
      `${(((cpu[0] as number) / wall) * 100).toFixed(0)}% / ${(((cpu[1] as number) / wall) * 100).toFixed(0)}%`,
      `${result.cpuPercent.toFixed(0)}%`,
      `${result.loopP99.toFixed(1)} / ${result.loopMax.toFixed(1)} ms`,
      p50 <= 3 && p99 <= 15 && result.lost === 0 ? "met" : "missed",
    ]);
  }
  await ask({ type: "close" });
  generator.kill();
  console.log(
    `\nTwo processes on PostgreSQL + Redis: ${DOCS} documents, ${RATE} edits/s, ${SECONDS} s per run`,
  );
  console.log("(target: cross-process propagation p50 <= 3 ms and p99 <= 15 ms, nothing lost)\n");
  const header = [
    "",
    "edits sent",
    "delivered",
    "lost",
    "p50",
    "p99",
    "CPU A / B",
    "generator CPU",
    // The generator's own event-loop delay is the floor under any latency it measures.
    "generator loop delay p99 / max",
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
