import { type ChildProcess, execFile, execSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// PostgreSQL and Redis for the tests, started by the tests themselves: each in its own temp dir on
// a free loopback port, gone after the test file. Debian's packages are installed when they are
// missing and we are root (as scripts/e2e.mjs does for Chromium). PostgreSQL refuses to run as
// root, so as root its commands run as the `postgres` user through runuser.

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

export type PostgresService = {
  /** postgres://postgres@127.0.0.1:<port>/dealdesk */
  url: string;
  port: number;
  /** Creates another empty database on the same server and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  cleanup(): Promise<void>;
};

export type RedisService = {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  cleanup(): Promise<void>;
};

function postgresBinDir(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : path.join(base, newest, "bin");
}

function redisBinary(): string | undefined {
  return ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p));
}

let installed = false;
/** Installs Debian's postgresql and redis-server when missing (root only), else explains how. */
function ensureServicePackages(): { pgBin: string; redisServer: string } {
  let pgBin = postgresBinDir();
  let redisServer = redisBinary();
  if ((!pgBin || !redisServer) && !installed) {
    if (!isRoot) {
      throw new Error(
        'PostgreSQL and Redis are needed for these tests. Install Debian\'s packages "postgresql" and ' +
          '"redis-server" (sudo apt-get install -y postgresql redis-server), then run the tests again.',
      );
    }
    console.log("Installing Debian's PostgreSQL and Redis (apt-get install postgresql redis-server)...");
    execSync("apt-get update -qq", { stdio: "inherit" });
    execSync("DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql redis-server", {
      stdio: "inherit",
    });
    installed = true;
    pgBin = postgresBinDir();
    redisServer = redisBinary();
  }
  if (!pgBin || !redisServer) throw new Error("PostgreSQL or Redis is still missing after apt-get install.");
  return { pgBin, redisServer };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // The postgres user must be able to reach its data dir inside it.
  chmodSync(dir, 0o755);
  return dir;
}

/** Runs a PostgreSQL server command, as the postgres user when we are root. */
function asPostgres(command: string, args: string[]) {
  return isRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
}

/**
 * A PostgreSQL server of its own on a free loopback port. `durable`: fsync on, as a deployment
 * runs it (the benchmark); by default fsync is off, since these databases live for one test file
 * and PostgreSQL's own crash safety is not under test.
 */
export async function startPostgres({
  durable = false,
}: {
  durable?: boolean;
} = {}): Promise<PostgresService> {
  const { pgBin } = ensureServicePackages();
  const root = tempDir("dealdesk-pg-");
  const home = path.join(root, "pg");
  mkdirSync(home);
  if (isRoot) await run("chown", ["postgres:", home]);
  const dataDir = path.join(home, "data");
  const port = await freePort();
  await asPostgres(path.join(pgBin, "initdb"), [
    "-D",
    dataDir,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  const pgCtl = path.join(pgBin, "pg_ctl");
  const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=${durable ? "on" : "off"} -c max_connections=200`;
  const start = async () => {
    await asPostgres(pgCtl, ["-D", dataDir, "-l", path.join(home, "log"), "-w", "-o", options, "start"]);
  };
  let running = false;
  const stop = async () => {
    if (!running) return;
    await asPostgres(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    running = false;
  };
  await start();
  running = true;
  const urlFor = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const createDatabase = async (name: string) => {
    await run(path.join(pgBin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name]);
    return urlFor(name);
  };
  await createDatabase("dealdesk");
  // A test runner that dies must not leave a server behind.
  const onExit = () => {
    if (!running) return;
    try {
      const stopCmd = `"${pgCtl}" -D "${dataDir}" -m immediate -w stop`;
      execSync(isRoot ? `runuser -u postgres -- ${stopCmd}` : stopCmd, { stdio: "ignore" });
    } catch {}
  };
  process.once("exit", onExit);
  return {
    url: urlFor("dealdesk"),
    port,
    createDatabase,
    stop,
    async start() {
      if (running) return;
      await start();
      running = true;
    },
    async cleanup() {
      await stop();
      process.off("exit", onExit);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export async function startRedis(): Promise<RedisService> {
  const { redisServer } = ensureServicePackages();
  const dir = tempDir("dealdesk-redis-");
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(
        redisServer,
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = proc;
      let out = "";
      proc.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("Ready to accept connections")) resolve();
      });
      proc.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
    });
  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill("SIGKILL");
    await exited;
    child = undefined;
  };
  await start();
  const onExit = () => child?.kill("SIGKILL");
  process.once("exit", onExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async start() {
      if (child) return;
      await start();
    },
    async cleanup() {
      await stop();
      process.off("exit", onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
