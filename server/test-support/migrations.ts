import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Migration tests build a database the way an older server did: with the migrations up to a tag.

const drizzleDir = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** A migrations folder under `dir` holding only the migrations up to `tag`, as a server before the change had. */
export function migrationsUpTo(dir: string, tag: string): string {
  const folder = path.join(dir, "old-migrations");
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(drizzleDir, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo === -1) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, upTo + 1);
  for (const e of entries)
    copyFileSync(path.join(drizzleDir, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}
