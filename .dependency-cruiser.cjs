// Issue #41: the import layers, checked by `npm run lint` (docs/ARCHITECTURE.md names the same
// layers). Imports run one way: entry → routes → live → services → stores → shared. The live
// server uses services and stores, never routes; no service imports it. Type imports count (tsPreCompilationDeps).
// Beside the layers, a small base every server layer may use: the settings (config.ts), the
// package's own paths (package-root.ts), the API's error type (errors.ts) and the log lines.
// Issue #53: every server file sits in one layer; shared/ runs no Node built-in, its core/ is its bottom
// and its text/ is words only (core → text → rules → schemas → live → history → deal → validation); the web app's zones
// (bulletproof-react's): app → features → components → lib, no feature importing another. Folder
// circles are checked by scripts/folder-cycles.mjs (rule `no-folder-circle`), run by lint after this.
// scripts/lint-rules.test.ts plants each forbidden import and expects its rule to fire.

const ENTRY = "^server/(main|run|server|build-server|open-storage)\\.ts$|^server/cli/";
const BASE = "^server/(config|package-root|errors)\\.ts$|^server/logging/";
const ROUTES = "^server/(routes|http|openapi)/|^server/app(-env|-deps)?\\.ts$";
const STORES = "^server/db/";
const SERVICES =
  "^server/(quotes|teams|inventory|handoff|analytics|policies|mail|auth|defaults|presence|metrics|vehicles)/";
const LIVE = "^server/live/";
const TEST_SUPPORT = "^server/test-support/|^shared/testing/";
const TESTS = "\\.test\\.tsx?$|^e2e/|^bench/|^package-test/|^server/test-support/|^shared/testing/";
const LAYERS = [ENTRY, BASE, ROUTES, STORES, SERVICES, LIVE, TESTS].join("|");

// TEMPORARY (issue #53): files of src/features/quote/, which another change is reshaping, that still
// break a web-app rule. Each entry goes when that change lands; the list must end empty.
const WEB_EXCEPTIONS = TESTS;

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
      name: "shared-without-node",
      severity: "error",
      comment: "shared/ runs in the browser too: no Node built-in (node:fs, path, crypto...).",
      from: { path: "^shared/", pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "shared-core-is-the-bottom",
      severity: "error",
      comment:
        "shared/core/ (constants, money, format, zod, the API's shapes) is the bottom of shared/: it imports nothing else of shared/.",
      from: { path: "^shared/core/" },
      to: { path: "^shared/", pathNot: "^shared/core/" },
    },
    {
      name: "shared-text-is-words",
      severity: "error",
      comment:
        "shared/text/ holds the app's words: it imports only shared/core/ and itself, so no deal math or schema hides among the strings.",
      from: { path: "^shared/text/" },
      to: { path: "^shared/", pathNot: "^shared/(core|text)/" },
    },
    {
      name: "server-file-in-a-layer",
      severity: "error",
      comment:
        "Every server file is in one layer (entry, routes, live, services, stores, base, test support): a file in none imports freely. Add its folder to a layer.",
      from: { path: "^server/", pathNot: LAYERS },
      to: {},
    },
    {
      name: "server-file-in-a-layer",
      severity: "error",
      comment: "Every server file is in one layer: nothing imports a server file that is in none.",
      from: {},
      to: { path: "^server/", pathNot: LAYERS },
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
      comment:
        "Test kits live in server/test-support/ and shared/testing/, which production code never imports.",
      from: { pathNot: TESTS },
      to: { path: TEST_SUPPORT },
    },
    {
      name: "features-independent",
      severity: "error",
      comment:
        "A feature (src/features/<name>/) never imports another feature: what two features use goes down to src/lib/ or src/components/, or the app composes them.",
      from: { path: "^src/features/([^/]+)/", pathNot: WEB_EXCEPTIONS },
      to: { path: "^src/features/", pathNot: "^src/features/$1/" },
    },
    {
      name: "features-below-app",
      severity: "error",
      comment: "src/app/ composes the features (routes, providers, theme); no feature imports it.",
      from: { path: "^src/features/", pathNot: WEB_EXCEPTIONS },
      to: { path: "^src/app/" },
    },
    {
      name: "lib-and-components-below-features",
      severity: "error",
      comment:
        "src/lib/ and src/components/ serve every feature: they import neither src/app/ nor src/features/.",
      from: { path: "^src/(lib|components)/", pathNot: WEB_EXCEPTIONS },
      to: { path: "^src/(app|features)/" },
    },
    {
      name: "lib-below-components",
      severity: "error",
      comment: "src/lib/ is the bottom of the web app (requests, session, forms): it imports no component.",
      from: { path: "^src/lib/", pathNot: WEB_EXCEPTIONS },
      to: { path: "^src/components/" },
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
