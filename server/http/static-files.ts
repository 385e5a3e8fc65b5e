import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { mountPrerenderedPages, type PageDeps, type PrerenderedPages } from "./pages";

const SERVICE_WORKER_PATH = "/sw.js";

/**
 * Serves the Vite build: hashed assets cached for a year (their name changes with their content),
 * pre-compressed copies (.br, .gz) when the browser takes them, the pre-rendered pages, and
 * index.html for every other GET outside /api and /yjs (client-side routes), revalidated each time.
 */
export function mountStaticFiles(
  app: Hono<AppEnv>,
  staticDir: string,
  pages: PrerenderedPages,
  deps: PageDeps,
): void {
  // dist/.ssr (the server bundle and page templates) and dist/.vite are not for browsers.
  app.get("/.*", (c) => c.notFound());
  mountPrerenderedPages(app, pages, deps);
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root: staticDir, precompressed: true }),
  );
  // The shopper page's service worker (shopperServiceWorker in vite.config.ts): asked for again at every
  // check, so a deploy reaches a phone on its next visit. Missing (an older build): 404, not the app.
  app.use(
    SERVICE_WORKER_PATH,
    async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "no-cache");
    },
    serveStatic({ root: staticDir, precompressed: true }),
  );
  app.get(SERVICE_WORKER_PATH, (c) => c.notFound());
  app.use("*", async (c, next) => {
    await next();
    // favicon and other unhashed files: cache, but ask again after a day.
    if (c.res.ok && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "public, max-age=86400");
  });
  app.use("*", serveStatic({ root: staticDir, precompressed: true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(pages.shell);
  });
}
