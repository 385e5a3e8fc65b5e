// Two DealDesk processes on one PostgreSQL and one Redis, behind a small round-robin balancer
// with no sticky sessions: what `playwright.cluster.config.ts` serves its specs from. Every HTTP
// request and every WebSocket goes to the next process in turn, so a dealer's page and a
// shopper's page (and even one page's requests) land on different processes. PostgreSQL and
// Redis are started the way the vitest suites start them (server/test-support/services.ts).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../../server/test-support/built-server";
import { startPostgres, startRedis } from "../../server/test-support/services";

const port = Number(process.env.PORT ?? 3200);
const appUrl = `http://localhost:${port}`;
const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-cluster-"));
const children: ChildProcess[] = [];

async function startProcess(index: number): Promise<number> {
  const started = await startBuiltServer({
    DATA_DIR: path.join(dataDir, `process-${index}`),
    APP_URL: appUrl,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
  });
  children.push(started.child);
  return started.port;
}

// One after the other: the second finds the database migrated (concurrent starts are tested in vitest).
const backends = [await startProcess(0), await startProcess(1)];
let turn = 0;
const next = () => backends[turn++ % backends.length] as number;

const balancer = http.createServer((req, res) => {
  const upstream = http.request(
    { host: "127.0.0.1", port: next(), method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
balancer.on("upgrade", (req, socket, head) => {
  const upstream = net.connect(next(), "127.0.0.1", () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on("error", () => socket.destroy());
  socket.on("error", () => upstream.destroy());
});
balancer.listen(port, "127.0.0.1");

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  balancer.close();
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null)),
  );
  await Promise.all([postgres.cleanup(), redis.cleanup()]);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
