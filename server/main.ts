import { fileURLToPath } from "node:url";
import { startServer } from "./server";

// In development (npm run dev) Vite serves the front end and proxies /api and /yjs here.
// STATIC_DIR lets a test run serve its own build.
const staticDir = process.env.DEALDESK_DEV
  ? undefined
  : (process.env.STATIC_DIR ?? fileURLToPath(new URL("../dist", import.meta.url)));

try {
  const running = await startServer(process.env, { staticDir });
  const shutdown = (signal: string) => {
    console.log(`${signal} received: closing connections and flushing data...`);
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
