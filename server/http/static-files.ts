import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";

/** Serves the Vite build; every other GET outside /api and /yjs gets index.html (client-side routes). */
export function mountStaticFiles(app: Hono<AppEnv>, staticDir: string): void {
  const indexFile = path.join(staticDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The front end is not built (${indexFile} is missing). Run "npm run build".`);
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root: staticDir }),
  );
  app.use("*", serveStatic({ root: staticDir, index: "index.html" }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
