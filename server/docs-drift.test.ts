import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue #53: docs/ARCHITECTURE.md cannot drift from the tree. Every path it names exists, it names
// every file of server/live/, and its stage table lists the live pipeline's stages in the order
// server/live/rooms/pipeline.ts runs them.

const root = path.resolve(import.meta.dirname, "..");
const doc = readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8");

/** Every file under `dir` (relative to the root), skipping dependencies and build output. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    if (name === "node_modules" || name.startsWith(".") || name.startsWith("dist")) continue;
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(`${rel}/`, ...filesUnder(rel));
    else out.push(rel);
  }
  return out;
}
const tree = ["server", "shared", "src", "docs", "scripts", "bench", "e2e", "drizzle", "drizzle-pg"].flatMap(
  (dir) => (existsSync(path.join(root, dir)) ? [`${dir}/`, ...filesUnder(dir)] : []),
);

/** Backticked names in the doc that are paths: a folder (ends with /) or a file with an extension. */
const namedPaths = [...doc.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1] as string)
  .filter((name) => /^[\w.-]+\/[\w./-]*$|^[\w-]+\.(ts|tsx|md|cjs|mjs|json|css)$/.test(name))
  // Outside the repository (`../shared/spec/SPEC.md`): not in a clone, so not checked here.
  .filter((name) => !name.startsWith("/") && !name.startsWith("../") && !name.includes("*"));

/** A path from the root exists; a shorter one (`stages/judge.ts`) names the end of some path. */
function exists(name: string): boolean {
  if (existsSync(path.join(root, name))) return true;
  return tree.some((file) => file.endsWith(`/${name}`));
}

describe("docs/ARCHITECTURE.md", () => {
  it("names only paths that exist", () => {
    expect(namedPaths.length).toBeGreaterThan(50);
    expect(namedPaths.filter((name) => !exists(name))).toEqual([]);
  });

  it("names every file of server/live/ by its path", () => {
    const live = filesUnder("server/live").filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    expect(live.length).toBeGreaterThan(30);
    expect(live.filter((file) => !doc.includes(`\`${file}\``))).toEqual([]);
  });

  it("lists the live pipeline's stages in the order the pipeline runs them", () => {
    const pipeline = readFileSync(path.join(root, "server/live/rooms/pipeline.ts"), "utf8");
    // The pipeline's own list: "//   <stage>  <file>  <what>", in the order `run` takes them.
    const codeStages = [...pipeline.matchAll(/^\/\/ {3}(\w+) +(\S+\.ts) /gm)].map((m) => [m[1], m[2]]);
    const section = doc.slice(doc.indexOf("## A live edit"), doc.indexOf("Every file of `server/live/`"));
    const docStages = [...section.matchAll(/^\| (\w+) \| `server\/live\/(\S+\.ts)` \|/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(codeStages.map(([stage]) => stage)).toEqual([
      "admit",
      "judge",
      "cap",
      "commit",
      "apply",
      "broadcast",
      "record",
    ]);
    expect(docStages).toEqual(codeStages);
    for (const [, file] of codeStages)
      expect(existsSync(path.join(root, "server/live", file as string))).toBe(true);
  });
});
