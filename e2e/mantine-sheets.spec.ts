import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Issue #52: the shopper page loads Mantine's stylesheet per component (its base sheets with
// src/shopper-main.tsx, the components' with src/app/shopper-mantine.tsx), not the whole of it. A
// component added to one of its lazy parts without its sheet would render unstyled there, in
// production only. This reads the shopper page's own build: every Mantine class (m_ and a hex
// hash) its scripts name must be defined by one of its stylesheets, as a class or keyframes. (The
// landing page is not held to this: its lazy account menu shares chunks with the full app that
// name components the menu never renders, such as Input.)

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>;

const dist = path.resolve(import.meta.dirname, "../dist");
const readManifest = (name: string): Manifest =>
  JSON.parse(readFileSync(path.join(dist, ".vite", name), "utf8")) as Manifest;
const read = (file: string) => readFileSync(path.join(dist, file), "utf8");

/** The scripts and stylesheets an entry loads, at once or later (its imports, static and dynamic). */
function loadedBy(manifest: Manifest, entry: string): { scripts: Set<string>; sheets: Set<string> } {
  const scripts = new Set<string>();
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) sheets.add(sheet);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return { scripts, sheets };
}

/** Mantine's class names as its components' scripts carry them (a quoted m_ and 6-8 hex digits). */
const classesNamed = (code: string) =>
  [...code.matchAll(/[`"'](m_[0-9a-f]{6,8})[`"']/g)].map((m) => m[1] as string);
const classesDefined = (css: string) =>
  new Set([...css.matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{6,8})\b/g)].map((m) => m[1] as string));

function undefinedClasses(manifest: Manifest, entry: string): { named: number; missing: string[] } {
  const { scripts, sheets } = loadedBy(manifest, entry);
  const defined = classesDefined([...sheets].map(read).join("\n"));
  const missing = new Set<string>();
  let named = 0;
  for (const script of scripts)
    for (const name of classesNamed(read(script))) {
      named += 1;
      if (!defined.has(name)) missing.add(`${name} (${script})`);
    }
  return { named, missing: [...missing] };
}

test("every Mantine class the shopper page's scripts name has its stylesheet in the page's own build", () => {
  const { named, missing } = undefinedClasses(readManifest("shopper-manifest.json"), "src/shopper-main.tsx");
  expect(named).toBeGreaterThan(100);
  expect(missing).toEqual([]);
});
