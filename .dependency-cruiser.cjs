// Issue #41: the import layers, checked by `npm run lint` (docs/ARCHITECTURE.md names the same
// layers). Imports run one way: entry → routes → live → services → stores → shared. The live
// server uses services and stores, never routes; no service imports it. Type imports count (tsPreCompilationDeps).
// Beside the layers, a small base every server layer may use: the settings (config.ts), the
// package's own paths (package-root.ts), the API's error type (errors.ts) and the log lines.

const ENTRY = "^server/(main|run|server|build-server|open-storage)\\.ts$|^server/cli/";
const BASE = "^server/(config|package-root|errors)\\.ts$|^server/logging/";
const ROUTES = "^server/(routes|http|openapi)/|^server/app(-env)?\\.ts$";
const STORES = "^server/db/";
const SERVICES =
  "^server/(quotes|teams|inventory|handoff|analytics|policies|mail|auth|defaults|presence|metrics)/";
const TEST_SUPPORT = "^server/test-support/";
const TESTS = "\\.test\\.tsx?$|^e2e/|^bench/|^package-test/|^server/test-support/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle (type imports included): the layers cannot be read one after another.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-is-the-bottom",
      severity: "error",
      comment: "shared/ is what the browser and the server both run: it imports neither.",
      from: { path: "^shared/" },
      to: { path: "^(server|src)/" },
    },
    {
      name: "web-not-server",
      severity: "error",
      comment: "The web app (src/) talks to the server over HTTP and the live channel, never by import.",
      from: { path: "^src/", pathNot: TESTS },
      to: { path: "^server/" },
    },
    {
      name: "stores-below-services",
      severity: "error",
      comment: "Stores (server/db) use shared/ only: no service, live, route or entry module.",
      from: { path: STORES, pathNot: TESTS },
      to: { path: "^server/", pathNot: `${STORES}|${BASE}` },
    },
    {
      name: "services-below-routes",
      severity: "error",
      comment: "Services and the live server never import routes, the HTTP layer or an entry point.",
      from: { path: "^server/", pathNot: `${ROUTES}|${ENTRY}|${TESTS}` },
      to: { path: `${ROUTES}|${ENTRY}`, pathNot: BASE },
    },
    {
      name: "services-below-live",
      severity: "error",
      comment:
        "The live server uses the services; no service imports the live server (they read live documents through quotes/live-control.ts, which it implements).",
      from: { path: SERVICES, pathNot: TESTS },
      to: { path: "^server/live/" },
    },
    {
      name: "routes-below-entry",
      severity: "error",
      comment: "Routes are mounted by the app; they never import an entry point.",
      from: { path: ROUTES, pathNot: TESTS },
      to: { path: ENTRY },
    },
    {
      name: "base-is-below-all",
      severity: "error",
      comment: "The base (settings, package paths, the API's error type, logging) uses shared/ only.",
      from: { path: BASE, pathNot: TESTS },
      to: { path: "^server/", pathNot: BASE },
    },
    {
      name: "no-test-support-in-production",
      severity: "error",
      comment: "Test kits live in server/test-support/, which production code never imports.",
      from: { pathNot: TESTS },
      to: { path: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|dist-server|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
