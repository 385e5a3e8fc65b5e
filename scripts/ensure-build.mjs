// `npm start` builds what is missing or older than its sources: the front end (npm run build:web) and the
// compiled server (scripts/build-server.mjs), so the server then runs as plain JavaScript.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildServer } from "./build-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(builtFile, sources) {
  const built = path.join(root, builtFile);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

const lockAndConfig = ["package-lock.json", "tsconfig.json"];
// dist/.ssr/quote.html is the last file the front-end build writes (scripts/prerender.mjs).
const frontEndSources = ["src", "shared", "public", "index.html", "vite.config.ts", "scripts/prerender.mjs"];
if (isStale("dist/.ssr/quote.html", [...frontEndSources, ...lockAndConfig])) {
  console.log("Building the front end (npm run build:web)...");
  execSync("npm run build:web", { cwd: root, stdio: "inherit" });
} else {
  console.log("Front end is up to date.");
}
if (isStale("dist-server/main.mjs", ["server", "shared", "scripts/build-server.mjs", ...lockAndConfig])) {
  console.log("Compiling the server (esbuild)...");
  await buildServer();
} else {
  console.log("Server is up to date.");
}
