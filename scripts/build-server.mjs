// Compiles the server and the `dealdesk` command into dist-server/ with esbuild: our own TypeScript
// (server/, shared/, the @/ and @shared/ aliases) is bundled, every npm package stays an import, so
// production runs plain JavaScript with no TypeScript loader.
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist-server");

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
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
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    legalComments: "none",
    logLevel: "warning",
  });
  chmodSync(path.join(outdir, "dealdesk.mjs"), 0o755);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log("Server compiled to dist-server/.");
}
