import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { afterAll, expect, it } from "vitest";

// Two real processes on one DATA_DIR, started the way an operator starts them (server/main.ts).

const root = fileURLToPath(new URL("../../", import.meta.url));
mkdirSync(path.join(root, ".tmp"), { recursive: true });
const bundleDir = mkdtempSync(path.join(root, ".tmp", "lock-main-"));
const bundle = path.join(bundleDir, "main.mjs");
buildSync({
  entryPoints: [path.join(root, "server/main.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: bundle,
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-lock-"));
const env = { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", DEALDESK_DEV: "1" };
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

type Run = {
  child: ChildProcess;
  listening: Promise<string>;
  exited: Promise<number | null>;
  stderr(): string;
};

function run(): Run {
  const child = spawn(process.execPath, [bundle], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    exited.then((code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
  listening.catch(() => {});
  return { child, listening, exited, stderr: () => err };
}

it("refuses a second process on the same DATA_DIR with a message pointing to DATABASE_URL, and starts again after kill -9 of the first", async () => {
  const first = run();
  const url = await first.listening;
  const filesBefore = readdirSync(dataDir).sort();

  const second = run();
  expect(await second.exited).toBe(1);
  expect(second.stderr()).toContain(
    `Another DealDesk process is already running on the data directory ${dataDir}`,
  );
  expect(second.stderr()).toContain("set DATABASE_URL (PostgreSQL) and REDIS_URL");
  // The refused process changed nothing, and the first one still serves.
  expect(readdirSync(dataDir).sort()).toEqual(filesBefore);
  expect((await fetch(`${url}/api/health`)).status).toBe(200);

  // The operating system drops the lock with the process: no stale lock after a crash.
  first.child.kill("SIGKILL");
  await first.exited;
  const third = run();
  const thirdUrl = await third.listening;
  expect((await fetch(`${thirdUrl}/api/health`)).status).toBe(200);
  third.child.kill("SIGTERM");
  expect(await third.exited).toBe(0);
});
