// `npm start` builds the front end when dist/ is missing or older than its sources.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// The last file `npm run build` writes (scripts/prerender.mjs).
const built = path.join(root, "dist", ".ssr", "quote.html");
const sources = [
  "src",
  "shared",
  "public",
  "index.html",
  "vite.config.ts",
  "scripts/prerender.mjs",
  "package-lock.json",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log("Building the front end (npm run build)...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
} else {
  console.log("Front end is up to date.");
}
