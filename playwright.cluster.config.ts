import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The same browser settings as playwright.config.ts, served by two processes on PostgreSQL +
// Redis behind a round-robin balancer (e2e/cluster/serve-cluster.ts): `npm run test:e2e` runs
// the specs in e2e/cluster/ this way after the others (README "Running several processes").
const port = Number(process.env.E2E_CLUSTER_PORT ?? 3200);

export default defineConfig({
  ...base,
  testDir: "./e2e/cluster",
  projects: [{ name: "cluster", use: base.projects?.[0]?.use ?? {} }],
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    command: "node --import tsx e2e/cluster/serve-cluster.ts",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, not the default SIGKILL: serve-cluster.ts then stops PostgreSQL (a daemon outside
    // this process group) and Redis, and removes their temp dirs.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    env: {
      PORT: String(port),
      LOG_REQUESTS: "false",
      LOGIN_MAX_FAILURES: "50",
      SIGNUPS_PER_IP_PER_HOUR: "100000",
      QUOTES_PER_DEALER_PER_MINUTE: "100000",
      RESET_MAILS_PER_IP_PER_HOUR: "100000",
    },
  },
});
