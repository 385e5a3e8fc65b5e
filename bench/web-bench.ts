import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

// npm run bench:web: page-load figures of issue #13 ("the shopper sees the deal in under a
// second"). Builds the front end, starts the real server (npm start's entry) on a temporary data
// dir with a seeded quote, and runs Lighthouse 12 (mobile preset: simulated slow 4G, 4x CPU
// slowdown) in Debian's Chromium on the landing page and the shopper's quote page. Each page is
// measured WEB_BENCH_RUNS times (default 3) and the median run by performance score is reported.
// WEB_BENCH_SKIP_BUILD=1 reuses dist/; WEB_BENCH_REPORT_DIR=<dir> keeps each run's Lighthouse JSON;
// WEB_BENCH_PAGES=shopper or landing measures that page alone; WEB_BENCH_DIST=<dir> serves another
// build's dist/ (with WEB_BENCH_SKIP_BUILD=1: a before/after in one run of the same server).

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.WEB_BENCH_RUNS) || 3);
const progress = (line: string) => console.error(`[bench:web] ${line}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("The server did not answer /api/health within 60 s");
}

async function api(url: string, route: string, body: object, token?: string): Promise<unknown> {
  const res = await fetch(`${url}/api${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${route} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A dealer with the worked example's defaults and one quote, as a shopper would receive it. */
async function seedQuote(url: string): Promise<string> {
  const { token } = (await api(url, "/auth/register", {
    email: "bench@example.com",
    password: "correct horse battery",
    firstName: "Dana",
    lastName: "Whitfield",
    dealershipName: "Example Motors",
  })) as { token: string };
  await api(
    url,
    "/dealer-defaults/addons",
    { name: "Paint Protection", description: "Ceramic coating", price: 1200 },
    token,
  );
  await api(url, "/dealer-defaults/addons", { name: "Floor Mats", description: "", price: 250 }, token);
  await api(url, "/dealer-defaults/dealer-fees", { name: "Doc Fee", description: "", amount: 499 }, token);
  await api(url, "/dealer-defaults/taxes", { description: "State Tax", rate: 6.25 }, token);
  await api(url, "/dealer-defaults/taxes", { description: "County Tax", rate: 1 }, token);
  await api(
    url,
    "/dealer-defaults/government-fees",
    { name: "Title Fee", description: "", amount: 75 },
    token,
  );
  await api(
    url,
    "/dealer-defaults/government-fees",
    { name: "Registration", description: "", amount: 125.5 },
    token,
  );
  const { id } = (await api(
    url,
    "/quotes",
    {
      vehicle: { description: "2024 Honda Accord EX-L", color: "Blue", mileage: 12, stockNumber: "A1234" },
      pricing: { advertisedPrice: 32000, discount: 1500 },
    },
    token,
  )) as { id: string };
  return id;
}

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  jsGzip: number;
  cssGzip: number;
  renderBlocking: number;
};

/** Each script and stylesheet the page requested, fetched again and sized as gzip (level 6). */
async function gzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 6 }).length;
  }
  return total;
}

type NetworkRequest = {
  url: string;
  resourceType?: string;
  rendererStartTime?: number;
  networkRequestTime?: number;
};

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.WEB_BENCH_REPORT_DIR) {
    const name = `${new URL(url).pathname === "/" ? "landing" : "shopper"}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.WEB_BENCH_REPORT_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const requests = ((audit("network-requests")?.details as { items?: NetworkRequest[] })?.items ??
    []) as NetworkRequest[];
  // What the page loads to open: not the edit code that idle time, a first touch or a scroll
  // fetches later (Lighthouse scrolls for its screenshot), which is the dialogs' budget. The quote
  // page marks that moment (PRELOAD_MARK in src/features/quote/quote-view.tsx, the mark
  // e2e/quote-phone.spec.ts reads too); a page without it loads nothing later. (The load event is
  // no cut-off: the pages start their scripts after the first paint, often after that event.)
  const timings = (audit("user-timings")?.details as { items?: { name: string; startTime: number }[] })
    ?.items;
  // The edit code's imports run in the same task right after the mark, and DevTools' network clock
  // can put their start up to a few ms before it (seen: 0.7 ms): a request from within
  // EDIT_CODE_SKEW_MS before the mark is counted as the edit code's. Nothing the page opens with is
  // requested then (the mark waits for idle time after the page is up).
  const EDIT_CODE_SKEW_MS = 5;
  const editCode =
    (timings?.find((t) => t.name === "dealdesk:preload-edit-code")?.startTime ?? Number.POSITIVE_INFINITY) -
    EDIT_CODE_SKEW_MS;
  const ofType = (type: string) =>
    requests
      .filter(
        (r) =>
          r.resourceType === type &&
          r.url.startsWith("http") &&
          (r.rendererStartTime ?? r.networkRequestTime ?? 0) < editCode,
      )
      .map((r) => r.url);
  const blocking = (audit("render-blocking-resources")?.details as { items?: unknown[] })?.items ?? [];
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsGzip: await gzipBytes(ofType("Script")),
    cssGzip: await gzipBytes(ofType("Stylesheet")),
    renderBlocking: blocking.length,
  };
}

/**
 * Lighthouse now and then fails to find the navigation in its own trace (NO_NAVSTART, NO_FCP) on
 * this shared machine: such a run measured nothing, so it is run again (twice at most).
 */
async function measureWithRetry(url: string, port: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port);
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || !error.message.startsWith("Lighthouse:")) throw error;
      progress(`${error.message}; running it again`);
    }
  }
}

const median = (runs: Figures[]) =>
  [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)] as Figures;

if (!process.env.WEB_BENCH_SKIP_BUILD) {
  progress("building the front end (vite build)...");
  execSync("npm run build", { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-web-bench-"));
const port = await freePort();
const url = `http://localhost:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_REQUESTS: "false",
    STATIC_DIR: process.env.WEB_BENCH_DIST ?? path.join(root, "dist"),
  },
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth(url, server);
  const quoteId = await seedQuote(url);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
  // WEB_BENCH_PAGES=shopper (or landing) measures one page only (a before/after of that page).
  const only = process.env.WEB_BENCH_PAGES;
  const pages = [
    { name: "landing page", key: "landing", url: `${url}/` },
    { name: "shopper quote page", key: "shopper", url: `${url}/quote/${quoteId}` },
  ].filter((page) => !only || only.split(",").includes(page.key));
  const results: { name: string; figures: Figures }[] = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      progress(`${page.name}: run ${i + 1} of ${RUNS}`);
      runs.push(await measureWithRetry(page.url, chrome.port));
    }
    results.push({ name: page.name, figures: median(runs) });
  }
  printTable(results);
} finally {
  chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}

function printTable(results: { name: string; figures: Figures }[]): void {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  type Check = [figure: string, value: (f: Figures) => string, target: string, met: (f: Figures) => boolean];
  const checks: Check[] = [
    ["performance", (f) => String(f.performance), ">= 95", (f) => f.performance >= 95],
    ["LCP", (f) => s(f.lcp), "<= 1.8 s", (f) => f.lcp <= 1800],
    ["FCP", (f) => s(f.fcp), "", () => true],
    ["TBT", (f) => `${Math.round(f.tbt)} ms`, "<= 100 ms", (f) => f.tbt <= 100],
    ["CLS", (f) => f.cls.toFixed(3), "<= 0.02", (f) => f.cls <= 0.02],
    ["JavaScript to load (gzip)", (f) => kib(f.jsGzip), "<= 120 KiB", (f) => f.jsGzip <= 120 * 1024],
    ["CSS to load (gzip)", (f) => kib(f.cssGzip), "", () => true],
    ["render-blocking requests", (f) => String(f.renderBlocking), "0", (f) => f.renderBlocking === 0],
    ["accessibility", (f) => String(f.accessibility), "100", (f) => f.accessibility === 100],
    ["best practices", (f) => String(f.bestPractices), "100", (f) => f.bestPractices === 100],
  ];
  const lines = [`| page | figure | value | target | |`, `| --- | --- | --- | --- | --- |`];
  let missed = 0;
  for (const { name, figures } of results) {
    for (const [figure, value, target, met] of checks) {
      const ok = met(figures);
      if (target && !ok) missed++;
      lines.push(
        `| ${name} | ${figure} | ${value(figures)} | ${target} | ${target ? (ok ? "met" : "missed") : ""} |`,
      );
    }
  }
  console.log(`\nLighthouse 12, mobile preset, median of ${RUNS} run(s) per page\n`);
  console.log(lines.join("\n"));
  console.log(missed === 0 ? "\nEvery target is met." : `\n${missed} target(s) missed.`);
  process.exitCode = missed === 0 ? 0 : 1;
}
