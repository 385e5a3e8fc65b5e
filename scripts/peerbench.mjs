// npm run bench: DealDesk's live server against Hocuspocus and y-websocket on one workload
// (../shared/peerbench, issue #12). The peer benchmark lives outside the project and may be
// read-only, so it is copied into .tmp/peerbench (gitignored) and its dependencies installed
// there; it then runs against this project (`--dealdesk-dir`) and prints its tables and verdict.
//
//   npm run bench                  the guard's cost per update (bench/guard-bench.ts, ~5 s), then
//                                  quick mode (1,000 documents at 1,000 and 2,000 edits/s, ~3 min)
//   npm run bench -- --full        the full run (~10 min)
//   npm run bench -- --json f.json any other peerbench option is passed on
//
// PEERBENCH_DIR points at another copy of the benchmark's sources.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.resolve(root, process.env.PEERBENCH_DIR ?? "../shared/peerbench");
const copy = path.join(root, ".tmp", "peerbench");

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!existsSync(path.join(source, "run.mjs")))
  fail(
    `The peer benchmark is not at ${source}.\n` +
      "Put a copy of peerbench there (or set PEERBENCH_DIR to it) and run `npm run bench` again.",
  );
if (!existsSync(path.join(root, "dist", "index.html")))
  fail("Build the front end first: `npm run build` (the benchmark starts DealDesk as `npm start` does).");

// Fresh sources every run; node_modules is kept while the lock file is unchanged.
const lock = (dir) => {
  const file = path.join(dir, "package-lock.json");
  return existsSync(file) ? readFileSync(file, "utf8") : "";
};
const installed = existsSync(path.join(copy, "node_modules")) && lock(copy) === lock(source);
mkdirSync(copy, { recursive: true });
for (const entry of ["run.mjs", "lib", "servers", "package.json", "package-lock.json", "README.md"]) {
  rmSync(path.join(copy, entry), { recursive: true, force: true });
  if (existsSync(path.join(source, entry)))
    cpSync(path.join(source, entry), path.join(copy, entry), { recursive: true });
}
if (!installed) {
  console.error(`[bench] installing the benchmark's dependencies in ${path.relative(root, copy)} (npm ci)`);
  const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: copy, stdio: "inherit" });
  if (ci.status !== 0) fail("[bench] npm ci failed in the benchmark's copy; see above.");
}

// First the live guard's cost per update (issue #10), in this process's machine state: one line
// each for a dealer's and a shopper's edit, against the figures before the issue in decision 010.
const guard = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", "guard-bench.ts")], {
  cwd: root,
  stdio: "inherit",
});
if (guard.status !== 0) fail("[bench] the guard benchmark failed; see above.");
console.log("");

const args = process.argv.slice(2);
const full = args.includes("--full");
const cluster = !args.includes("--no-cluster");
const passed = args.filter((arg) => arg !== "--full" && arg !== "--quick" && arg !== "--no-cluster");
const run = spawnSync(
  process.execPath,
  [path.join(copy, "run.mjs"), ...(full ? [] : ["--quick"]), "--dealdesk-dir", root, ...passed],
  { cwd: root, stdio: "inherit" },
);
// Last, unless --no-cluster: two DealDesk processes on PostgreSQL + Redis (issue #17), the same
// 1,000 documents at 1,000 edits/s with every edit crossing processes (bench/cluster-bench.ts).
let clusterStatus = 0;
if (cluster) {
  console.log("");
  clusterStatus =
    spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", "cluster-bench.ts")], {
      cwd: root,
      stdio: "inherit",
    }).status ?? 1;
}
process.exit(run.status || clusterStatus);
