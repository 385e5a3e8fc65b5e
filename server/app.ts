import { MSG } from "@shared/text/messages";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "./app-deps";
import type { AppEnv } from "./app-env";
import { isDatabaseUnavailable, isStorageNotWritable } from "./db/unavailable";
import { ApiError, errorBody, notFound } from "./errors";
import { compression } from "./http/compression";
import { loadPrerenderedPages } from "./http/pages";
import { requestLog } from "./http/request-log";
import { securityHeaders } from "./http/security";
import { mountStaticFiles } from "./http/static-files";
import { countHttpRequests, metricsHandler } from "./metrics/metrics";
import { openApiDocument } from "./openapi/openapi-document";
import { analyticsRoutes, dealStepRoutes } from "./routes/analytics";
import { authRoutes } from "./routes/auth";
import { calculateRoutes } from "./routes/calculate";
import { checklistRoutes } from "./routes/checklist";
import { dealerDefaultsRoutes } from "./routes/dealer-defaults";
import { integrationsRoutes } from "./routes/integrations";
import { IMPORT_PATH, inventoryRoutes } from "./routes/inventory";
import { paymentOptionsRoutes } from "./routes/payment-options";
import { quoteSignalsRoutes } from "./routes/quote-signals";
import { quotesRoutes } from "./routes/quotes";
import { sheetRoutes } from "./routes/sheets";
import { taxProfileRoutes } from "./routes/tax-profile";
import { acceptInvitationRoutes, reassignRoutes, teamRoutes } from "./routes/team";
import { quoteVinRoutes, vehicleRoutes } from "./routes/vehicles";
import { versionRoutes } from "./routes/versions";

const MAX_BODY_BYTES = 1024 * 1024;
/** The API's version in its OpenAPI description. */
const API_VERSION = "1.0.0";

/** The whole HTTP app; no listening here, so tests call it with `app.request()`. */
/** Methods that never write; everything else meets the storage check. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** POST /api/calculate and its solve compute and store nothing. */
const COMPUTE_ONLY = /^\/api\/calculate(\/|$)/;
const STORAGE_PROBE_MS = 2000;
const STORAGE_RETRY_AFTER_S = 30;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config } = deps;
  const log = deps.log ?? console.log;
  const app = new Hono<AppEnv>();

  const pages = config.staticDir ? loadPrerenderedPages(config.staticDir) : undefined;

  if (config.logRequests) app.use("*", requestLog(log));
  if (config.metricsToken) app.use("*", countHttpRequests());
  app.use("*", securityHeaders(pages?.scriptHashes));
  app.use("*", compression());

  const api = new Hono<AppEnv>();
  const apiBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the body is never read, so the connection cannot carry another request:
    // say so and close it, rather than leave a keep-alive client waiting on a dead socket.
    onError: (c) => {
      c.header("Connection", "close");
      return c.json({ message: "Request body is too large (limit 1 MiB)" }, 413);
    },
  });
  // Issue #37: a DMS file may be up to 5 MiB; its route sets that limit itself.
  api.use("*", (c, next) => (c.req.path === IMPORT_PATH ? next() : apiBodyLimit(c, next)));
  api.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  // Issue #47: while storage takes no writes (a full disk, as /api/health reports), a REST write
  // is refused before it starts, so nothing is half-written. The probe (a write and an fsync)
  // runs at most once per STORAGE_PROBE_MS however many writes arrive.
  let storageProbe: { at: number; writable: Promise<boolean> } | undefined;
  const storageWritable = () => {
    const now = Date.now();
    if (!storageProbe || now - storageProbe.at >= STORAGE_PROBE_MS)
      storageProbe = { at: now, writable: deps.stores.writable().catch(() => false) };
    return storageProbe.writable;
  };
  api.use("*", async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || COMPUTE_ONLY.test(c.req.path) || (await storageWritable()))
      return next();
    c.header("Retry-After", String(STORAGE_RETRY_AFTER_S));
    return c.json({ message: MSG.storageNotWritable }, 503);
  });
  api.get("/health", async (c) => {
    const storageWritable = await deps.stores.writable();
    return c.json({ ok: storageWritable, storageWritable }, storageWritable ? 200 : 503);
  });
  // Issue #39: the API's own description, built on first request (about 0.1 s) and kept.
  let openApi: Record<string, unknown> | undefined;
  api.get("/openapi.json", (c) => {
    if (!openApi) openApi = openApiDocument(config.appUrl, API_VERSION);
    return c.json(openApi);
  });
  api.route("/auth", acceptInvitationRoutes(deps));
  api.route("/auth", authRoutes(deps));
  api.route("/team", teamRoutes(deps));
  api.route("/dealership/checklist", checklistRoutes(deps));
  api.route("/quotes", reassignRoutes(deps));
  const sheets = sheetRoutes(deps);
  api.route("/quotes", sheets.api);
  api.route("/quotes", versionRoutes(deps));
  api.route("/dealer-defaults/tax-profile", taxProfileRoutes(deps)); // before the lists' /:list paths
  api.route("/dealer-defaults/payment-options", paymentOptionsRoutes(deps));
  api.route("/dealer-defaults", dealerDefaultsRoutes(deps));
  api.route("/calculate", calculateRoutes(deps));
  api.route("/quotes", quoteSignalsRoutes(deps)); // before quotesRoutes: its GET /:id would take /live-status
  api.route("/quotes", dealStepRoutes(deps)); // before quotesRoutes: its GET /:id would take /export.csv
  api.route("/analytics", analyticsRoutes(deps));
  api.route("/integrations", integrationsRoutes(deps));
  api.route("/inventory", inventoryRoutes(deps));
  api.route("/vehicles", vehicleRoutes(deps));
  api.route("/quotes", quoteVinRoutes(deps)); // before quotesRoutes, like the other /quotes/:id/... routes
  api.route("/quotes", quotesRoutes(deps));
  api.all("*", () => {
    throw notFound("Not found");
  });
  app.route("/api", api);
  // Off (404, not the app's index page) unless METRICS_TOKEN is set.
  if (config.metricsToken) app.get("/metrics", metricsHandler(config.metricsToken));
  else app.get("/metrics", (c) => c.json({ message: "Not found" }, 404));
  // The deal sheet's PDFs (issue #19) sit beside the sheet pages, outside /api.
  app.route("/quote", sheets.pdf);
  // Live documents are WebSocket-only; a plain request there is a client mistake, not a page.
  app.all("/yjs/*", (c) => c.json({ message: "Use a WebSocket connection for /yjs/" }, 426));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error), error.status);
    // PostgreSQL down or restarting (DATABASE_URL): say so, so that clients and balancers retry.
    if (isDatabaseUnavailable(error)) {
      c.header("Retry-After", "2");
      return c.json({ message: MSG.storageUnavailable }, 503);
    }
    // A write that met a full disk: its transaction was rolled back; the next writes wait for the probe.
    if (isStorageNotWritable(error)) {
      storageProbe = undefined;
      c.header("Retry-After", String(STORAGE_RETRY_AFTER_S));
      return c.json({ message: MSG.storageNotWritable }, 503);
    }
    log(
      `Unhandled error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.stack : String(error)}`,
    );
    return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
  });

  if (config.staticDir && pages) mountStaticFiles(app, config.staticDir, pages, deps);
  app.notFound((c) => c.json({ message: "Not found" }, 404));
  return app;
}
