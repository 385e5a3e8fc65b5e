import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? "./.tmp/e2e-data";

export default defineConfig({
  testDir: "./e2e",
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry in CI absorbs a rare timing hiccup on a loaded 2-core runner; it is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/\.timing\.spec\.ts$/, /[\\/]cluster[\\/]/],
    },
    // Specs with time budgets (*.timing.spec.ts) run on their own after the rest, one worker, so a
    // second browser busy with another spec never shares the 2 cores with the measured page
    // (scripts/e2e.mjs runs this project second). The budgets are the same either way.
    {
      name: "timing",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /\.timing\.spec\.ts$/,
    },
  ],
  webServer: {
    // The compiled server, exactly what `npm start` runs (npm run build compiles it).
    command: "node dist-server/main.mjs",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      LOG_REQUESTS: "false",
      QUOTE_VALIDITY_DAYS: "7",
      // e2e tests sign in many times from one address.
      LOGIN_MAX_FAILURES: "50",
      // ... and register many dealerships, create many quotes and ask for resets from it.
      SIGNUPS_PER_IP_PER_HOUR: "100000",
      QUOTES_PER_DEALER_PER_MINUTE: "100000",
      RESET_MAILS_PER_IP_PER_HOUR: "100000",
      // Issue #39: the integrations spec's webhook receiver listens on plain http on loopback.
      WEBHOOKS_ALLOW_HTTP: "true",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      // Issue #50: the unpacked vPIC database is kept between runs (the first start unpacks it).
      VIN_DATABASE_DIR: path.join(tmpdir(), "dealdesk-e2e-vpic"),
      ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
    },
  },
});
