import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// npm run test:package: packs the project, installs the tarball into an empty folder (native modules
// compile there) and drives the installed `dealdesk` command. Several minutes, so not in npm test.
export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./src/", import.meta.url)),
      "@shared/": fileURLToPath(new URL("./shared/", import.meta.url)),
    },
  },
  test: {
    include: ["package-test/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 20 * 60_000,
    pool: "forks",
  },
});
