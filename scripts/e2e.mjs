// Runs the Playwright suite against the real built server on a free port with a fresh data dir.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's packages "chromium" and "chromium-driver" ` +
        "(sudo apt-get install -y chromium chromium-driver) or set CHROMIUM_PATH, then run npm test again.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's Chromium (apt-get install chromium chromium-driver)...");
  execSync("apt-get update -qq", { stdio: "inherit" });
  execSync("DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver", {
    stdio: "inherit",
  });
}

/** The deal sheet's e2e reads its PDFs with pdftotext (Debian's poppler-utils). */
function ensurePdftotext() {
  if (spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).status === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      'pdftotext is missing. Install Debian\'s package "poppler-utils" (sudo apt-get install -y poppler-utils), then run npm test again.',
    );
    process.exit(1);
  }
  console.log("Installing Debian's poppler-utils for pdftotext (apt-get install poppler-utils)...");
  execSync("apt-get update -qq", { stdio: "inherit" });
  execSync("DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils", { stdio: "inherit" });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

ensureChromium();
ensurePdftotext();
for (const built of ["dist/index.html", "dist-server/main.mjs"]) {
  if (!existsSync(built)) {
    console.error(`${built} is missing: run "npm run build" first (npm test does).`);
    process.exit(1);
  }
}
const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-e2e-"));
const port = await freePort();
// Three runs: every spec with two workers, then the specs with time budgets (*.timing.spec.ts)
// alone on one worker, so nothing else competes for the cores while they are measured, then the
// several-processes specs (below). Any run may find none of the specs named on the command line.
const playwright = (project, extra = []) =>
  spawnSync(
    "npx",
    [
      "playwright",
      "test",
      `--project=${project}`,
      "--pass-with-no-tests",
      ...extra,
      ...process.argv.slice(2),
    ],
    {
      stdio: "inherit",
      env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, CHROMIUM_PATH: CHROMIUM },
    },
  ).status ?? 1;
const main = playwright("chromium");
const timing = playwright("timing", ["--workers=1"]);
rmSync(dataDir, { recursive: true, force: true });
// Third: the specs of e2e/cluster/ against two processes on PostgreSQL + Redis behind a
// round-robin balancer (playwright.cluster.config.ts starts them; Debian's postgresql and
// redis-server are installed when missing and root, as the vitest suites do).
const clusterPort = await freePort();
const cluster =
  spawnSync(
    "npx",
    [
      "playwright",
      "test",
      "--config=playwright.cluster.config.ts",
      "--pass-with-no-tests",
      ...process.argv.slice(2),
    ],
    {
      stdio: "inherit",
      env: { ...process.env, E2E_CLUSTER_PORT: String(clusterPort), CHROMIUM_PATH: CHROMIUM },
    },
  ).status ?? 1;
process.exit(main || timing || cluster);
