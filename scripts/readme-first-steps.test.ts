import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue #41: the README's first steps name the screens' own words (*Get Started Free*, *Create New
// Quote*, *Use mine*...). Each one must be a string the app shows, so that a renamed button makes
// this fail instead of leaving a newcomer looking for a word that is not there.

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The words in *italics* of the README's "First steps", each step of "A → B" on its own. */
function namedInFirstSteps(): string[] {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const start = readme.indexOf("## First steps");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const italics = [...section.matchAll(/(?<![*\w])\*([^*\n]+)\*(?![*\w])/g)].map((m) => m[1] as string);
  return [...new Set(italics.flatMap((text) => text.split(" → ").map((part) => part.trim())))];
}

describe("README first steps", () => {
  it("names only words the app shows", () => {
    const named = namedInFirstSteps();
    expect(named).toEqual(expect.arrayContaining(["Get Started Free", "Create New Quote", "Use mine"]));
    const app = [...sources(path.join(root, "src")), ...sources(path.join(root, "shared"))]
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const shown = (word: string) =>
      [`"${word}"`, `'${word}'`, `>${word}<`, `>\n${word}\n`].some((form) => app.includes(form)) ||
      new RegExp(`>\\s*${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*<`).test(app);
    expect(named.filter((word) => !shown(word))).toEqual([]);
  });
});
