import { frontEndDir } from "./package-root";
import { startServer } from "./server";

/**
 * Serves the app until SIGTERM/SIGINT, then flushes and exits: `npm start` (main.ts) and
 * `dealdesk serve` both come here. In development (npm run dev) Vite serves the front end and
 * proxies /api and /yjs here; STATIC_DIR lets a test run serve its own build.
 */
export async function runServer(env: NodeJS.ProcessEnv): Promise<void> {
  const staticDir = env.DEALDESK_DEV ? undefined : (env.STATIC_DIR ?? frontEndDir);
  const running = await startServer(env, { staticDir });
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
}
