import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { testVinDatabaseEnv } from "./vin-database-dir";

// Runs crash-child.ts as a separate Node process (crash test, benchmark). It is bundled once with
// esbuild (tsx's own compiler) into .tmp/ so that each start costs ~0.4 s instead of ~1.5 s of
// on-the-fly compiling, and so that the pid we signal is the server itself, not a wrapper.

const root = fileURLToPath(new URL("../../", import.meta.url));

export function bundleChildServer(): string {
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  const dir = mkdtempSync(path.join(root, ".tmp", "live-child-"));
  const outfile = path.join(dir, "crash-child.mjs");
  buildSync({
    entryPoints: [path.join(root, "server/test-support/crash-child.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  return outfile;
}

export type ChildServer = { url: string; port: number; process: ChildProcess };

/** Starts the bundled server on DATA_DIR from `env`; resolves once it listens. */
export function startChildServer(
  bundle: string,
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const proc = spawn(process.execPath, [...nodeArgs, bundle], {
    env: { ...testVinDatabaseEnv, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf("\n");
      if (newline === -1) return;
      const { port } = JSON.parse(out.slice(0, newline)) as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, port, process: proc });
    });
    proc.once("exit", (code) => reject(new Error(`child server exited with ${code}`)));
  });
}
