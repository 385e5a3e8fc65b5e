// Issue #53: no folder circle in server/, shared/ or src/ (rule `no-folder-circle`, run by
// `npm run lint` after dependency-cruiser). A folder circle is two or more folders that import each
// other, directly or around a ring (server/quotes/ → server/teams/ → server/quotes/), even when no
// file is in a circle. dependency-cruiser's own folder scope misses a circle that passes through a
// subfolder (it counts an import of live/fanout/bus.ts as one of live/fanout/, never of live/) and
// would count the tests' imports, so this check compares folders side by side: an import from
// a/x/… to a/y/… is an edge x → y among the subfolders of a, at every depth. Files directly in the
// folder that holds both are no node: a folder may use its parent's files and its own subfolders.
// Type imports count; tests (*.test.ts) do not, they sit outside the layers.
import { existsSync } from "node:fs";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

export const RULE = "no-folder-circle";
const TESTS = /\.test\.tsx?$/;

/** Folder edges between sibling folders, each with the imports that make it. */
export function folderEdges(modules) {
  const edges = new Map();
  for (const module of modules) {
    if (TESTS.test(module.source)) continue;
    for (const dependency of module.dependencies) {
      const target = dependency.resolved;
      if (dependency.coreModule || dependency.couldNotResolve || TESTS.test(target)) continue;
      if (target.startsWith("node_modules/")) continue;
      const from = path.posix.dirname(module.source).split("/");
      const to = path.posix.dirname(target).split("/");
      let common = 0;
      while (common < from.length && common < to.length && from[common] === to[common]) common++;
      // Either file sits directly in the folder holding both: a parent and its own subfolder.
      if (common === from.length || common === to.length) continue;
      const key = `${from.slice(0, common + 1).join("/")}/ -> ${to.slice(0, common + 1).join("/")}/`;
      const imports = edges.get(key) ?? [];
      imports.push(`${module.source} -> ${target}`);
      edges.set(key, imports);
    }
  }
  return edges;
}

/** The folder circles (strongly connected groups of two or more folders), each with its edges. */
export function folderCircles(modules) {
  const edges = folderEdges(modules);
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split(" -> ");
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (folder) => {
    indices.set(folder, index);
    low.set(folder, index);
    index++;
    stack.push(folder);
    onStack.add(folder);
    for (const to of next.get(folder)) {
      if (!indices.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder), indices.get(to)));
    }
    if (low.get(folder) === indices.get(folder)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const folder of [...next.keys()].sort()) if (!indices.has(folder)) visit(folder);
  return groups.map((folders) => ({
    folders,
    edges: [...edges.entries()]
      .filter(([key]) => key.split(" -> ").every((folder) => folders.includes(folder)))
      .map(([key, imports]) => ({ edge: key, imports })),
  }));
}

/**
 * Cruises server/, shared/ and src/ under baseDir with the project's resolution (its tsconfig's
 * aliases, type imports counted); with a rule set, dependency-cruiser checks it too.
 */
export async function cruiseTree(baseDir = process.cwd(), ruleSet = undefined) {
  const config = path.join(baseDir, "tsconfig.json");
  const result = await cruise(
    ["server", "shared", "src"].filter((folder) => existsSync(path.join(baseDir, folder))),
    {
      baseDir,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: config },
      doNotFollow: { path: "node_modules" },
      exclude: { path: "^(dist|dist-server|node_modules)/" },
      outputType: "json",
      ...(ruleSet ? { validate: true, ruleSet } : {}),
    },
    { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    { tsConfig: extractTSConfig(config) },
  );
  return JSON.parse(result.output);
}

export function describe(circles) {
  return circles
    .map(
      ({ folders, edges }) =>
        `${RULE}: ${folders.join(", ")} import each other\n${edges
          .map(({ edge, imports }) => `  ${edge}\n${imports.map((line) => `      ${line}`).join("\n")}`)
          .join("\n")}`,
    )
    .join("\n\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const circles = folderCircles((await cruiseTree()).modules);
  if (circles.length > 0) {
    console.error(describe(circles));
    console.error(`\n${circles.length} folder circle(s): move the shared piece down a layer.`);
    process.exit(1);
  }
  console.log(`${RULE}: no folder circle in server/, shared/, src/.`);
}
