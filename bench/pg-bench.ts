import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import * as Y from "yjs";
import { closePostgres, openPostgres } from "../server/db/postgres/connection";
import { startPostgres, startRedis } from "../server/test-support/services";

// Two processes on one PostgreSQL + Redis (issue #17's target): DOCS documents, each edited once
// per second by one of the two processes, for SECONDS seconds. Reports cross-process propagation
// (from the edit's start in one process, through the CAS append and Redis, to its arrival in the
// other), the append's own time, CAS retries, and any lost or duplicated update.
// Usage: npm run bench:pg [-- DOCS SECONDS]

const DOCS = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 20);

type Report = { arrivals: number[]; appendMs: number[]; staleRetries: number; appends: number };

function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function ask<T>(child: ChildProcess, message: unknown, answer: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string; error?: string }) => {
      if (m.type === "error") reject(new Error(m.error));
      if (m.type !== answer) return;
      child.off("message", onMessage);
      resolve(m as T);
    };
    child.on("message", onMessage);
    child.send(message as object);
  });
}

const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
const children: ChildProcess[] = [];
try {
  const db = await openPostgres(postgres.url);
  const dealer = randomUUID();
  await db.$client.query(
    `WITH d AS (INSERT INTO dealerships (id, created_at, updated_at) VALUES ($1, 0, 0) RETURNING id)
     INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_id, role, tokens_valid_after, created_at, updated_at)
     SELECT id, 'bench@example.com', 'x', 'Bench', 'Dealer', id, 'owner', 0, 0, 0 FROM d`,
    [dealer],
  );
  const empty = Buffer.from(Y.encodeStateAsUpdate(new Y.Doc()));
  const docNames: string[] = [];
  for (let i = 0; i < DOCS; i++) {
    const id = randomUUID();
    docNames.push(`quote/${id}`);
    await db.$client.query(
      `WITH q AS (INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description)
                  VALUES ($1, $2, $2, 0, 0, 0, 'Bench car') RETURNING id)
       INSERT INTO yjs_documents (doc_name, quote_id, state, updated_at) SELECT $3, id, $4, 0 FROM q`,
      [id, dealer, `quote/${id}`, empty],
    );
  }
  await closePostgres(db);

  const entry = fileURLToPath(new URL("./pg-bench-process.ts", import.meta.url));
  for (let i = 0; i < 2; i++) children.push(fork(entry, [], { execArgv: ["--import", "tsx"] }));
  await Promise.all(
    children.map((child, i) =>
      ask(child, { type: "init", url: postgres.url, redisUrl: redis.url, name: `p${i}`, docNames }, "ready"),
    ),
  );
  console.log(`${DOCS} documents × 1 edit/s for ${SECONDS} s, two processes, PostgreSQL + Redis...`);
  const runStarted = performance.now();
  await Promise.all(
    children.map((child, parity) =>
      ask(child, { type: "run", parity, ratePerDoc: 1, seconds: SECONDS }, "ran"),
    ),
  );
  // Until the last edit committed: longer than SECONDS when the machine cannot keep up.
  const elapsedS = (performance.now() - runStarted) / 1000;
  await new Promise((r) => setTimeout(r, 3000)); // the last edits arrive (poll at the latest)
  const [a, b] = await Promise.all(children.map((child) => ask<Report>(child, { type: "report" }, "report")));
  const arrivals = [...a!.arrivals, ...b!.arrivals];
  const appendMs = [...a!.appendMs, ...b!.appendMs];
  const appends = a!.appends + b!.appends;
  const rows = [
    ["edits committed", String(appends)],
    ["edits/s asked / committed", `${DOCS} / ${(appends / elapsedS).toFixed(0)}`],
    ["cross-process propagation p50 (target ≤ 3 ms)", `${percentile(arrivals, 50).toFixed(2)} ms`],
    ["cross-process propagation p99 (target ≤ 15 ms)", `${percentile(arrivals, 99).toFixed(2)} ms`],
    [
      "append incl. pool wait p50 / p99",
      `${percentile(appendMs, 50).toFixed(2)} / ${percentile(appendMs, 99).toFixed(2)} ms`,
    ],
    [
      "CAS retries",
      `${a!.staleRetries + b!.staleRetries} (${(((a!.staleRetries + b!.staleRetries) / appends) * 100).toFixed(2)}%)`,
    ],
    ["lost (A→B, B→A)", `${a!.appends - b!.arrivals.length}, ${b!.appends - a!.arrivals.length}`],
  ];
  for (const [name, value] of rows) console.log(`${name!.padEnd(48)} ${value}`);
} finally {
  for (const child of children) child.kill("SIGKILL");
  await Promise.all([postgres.cleanup(), redis.cleanup()]);
}
