import { copyFileSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createResetToken, RESET_TOKEN_TTL_MS } from "../auth/reset-tokens";
import { readConfig, resolveDataDir } from "../config";
import { closeDatabase, openDatabase } from "../db/connection";
import { DataDirLocked, lockDataDir } from "../db/data-dir-lock";
import { ensurePrivateFile, makePrivate } from "../db/private-file";
import { createSqliteStores } from "../db/sqlite/stores";
import type { Stores } from "../db/stores";
import { resetLink } from "../mail/reset-email";
import { terminalText } from "./terminal-text";

// The admin commands of `dealdesk`. Each works on a running or a stopped server's DATA_DIR through
// the server's own modules (config, connection and migrations, reset tokens, data-dir lock), prints
// what it did, and throws a CommandFailed with a clear message (exit 1) when it cannot.

const DATABASE_FILE = "dealdesk.sqlite";

export class CommandFailed extends Error {}

type Out = (line: string) => void;

/** Whether DATABASE_URL names the storage (read without readConfig, which creates DATA_DIR). */
const usesPostgres = (env: NodeJS.ProcessEnv) => Boolean(env.DATABASE_URL);

/** The database file of DATA_DIR; refuses (creating nothing) when there is none. */
function existingDatabase(env: NodeJS.ProcessEnv): string {
  const file = path.join(resolveDataDir(env), DATABASE_FILE);
  if (!existsSync(file)) {
    throw new CommandFailed(
      `No DealDesk database at ${file}. Run the command in the folder where DealDesk keeps ./data, ` +
        "or pass --data-dir (or DATA_DIR) pointing to it.",
    );
  }
  return file;
}

/** Opens a file only if it is an SQLite database, answering a message that says what it is not. */
function openSqliteFile(file: string, readonly: boolean): Database.Database {
  if (!existsSync(file) || !statSync(file).isFile()) throw new CommandFailed(`${file} does not exist.`);
  try {
    const db = new Database(file, { readonly, fileMustExist: true });
    db.pragma("schema_version"); // reads the header: fails here on a file that is not SQLite
    return db;
  } catch (error) {
    if (error instanceof CommandFailed) throw error;
    throw new CommandFailed(`${file} is not an SQLite database (${(error as Error).message}).`);
  }
}

function hasUsersTable(db: Database.Database): boolean {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get());
}

const countUsers = (db: Database.Database): number =>
  (db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;

export async function backup(env: NodeJS.ProcessEnv, target: string | undefined, out: Out): Promise<void> {
  if (!target) throw new CommandFailed("Say where to write the backup: dealdesk backup <file>");
  const source = existingDatabase(env);
  const file = path.resolve(target);
  if (existsSync(file)) throw new CommandFailed(`${file} already exists: choose a new file name.`);
  if (!existsSync(path.dirname(file)))
    throw new CommandFailed(`The folder ${path.dirname(file)} does not exist.`);
  const db = openSqliteFile(source, true);
  try {
    // Created 0600 before SQLite writes a byte into it: password hashes and customers are in it.
    ensurePrivateFile(file);
    // SQLite's online backup: a consistent copy even while the server keeps writing.
    await db.backup(file);
  } catch (error) {
    rmSync(file, { force: true });
    throw new CommandFailed(`The backup failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  const copy = openSqliteFile(file, false);
  // The copy inherits WAL mode; one self-contained file is what a backup should be.
  copy.pragma("journal_mode = DELETE");
  const userCount = hasUsersTable(copy) ? countUsers(copy) : 0;
  copy.close();
  makePrivate(file);
  out(`Backup of ${source} written to ${file} (${statSync(file).size} bytes, ${userCount} users).`);
}

export async function restore(env: NodeJS.ProcessEnv, from: string | undefined, out: Out): Promise<void> {
  if (!from) throw new CommandFailed("Say which backup to restore: dealdesk restore <file>");
  const file = path.resolve(from);
  const source = openSqliteFile(file, true);
  try {
    const integrity = source.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new CommandFailed(`${file} is damaged (integrity check: ${integrity}).`);
    if (!hasUsersTable(source)) throw new CommandFailed(`${file} is not a DealDesk database.`);
  } catch (error) {
    source.close();
    throw error;
  }
  const dataDir = resolveDataDir(env);
  if (!existsSync(dataDir)) throw new CommandFailed(`The data directory ${dataDir} does not exist.`);
  let lock: ReturnType<typeof lockDataDir>;
  try {
    // Held until the restore is done, so a server cannot start on a half-restored directory.
    lock = lockDataDir(dataDir);
  } catch (error) {
    source.close();
    if (error instanceof DataDirLocked) {
      throw new CommandFailed(
        `DealDesk is running on ${dataDir}: stop it before restoring. (A backup can be taken while it runs.)`,
      );
    }
    throw error;
  }
  try {
    const target = path.join(dataDir, DATABASE_FILE);
    let kept = "";
    if (existsSync(target)) {
      // The stopped server checkpointed on exit; fold any WAL left by a crash in before keeping a copy.
      const current = new Database(target);
      current.pragma("wal_checkpoint(TRUNCATE)");
      current.close();
      kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      copyFileSync(target, kept);
      makePrivate(kept);
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
    }
    // 0600 before the first byte; the -wal and -shm SQLite makes later take the same mode.
    ensurePrivateFile(target);
    await source.backup(target);
    source.close();
    makePrivate(target);
    // A backup from an older version gets this version's migrations now, not at the next start.
    closeDatabase(openDatabase(dataDir));
    out(`Restored ${file} into ${target}.${kept ? ` The previous database is kept as ${kept}.` : ""}`);
  } finally {
    if (source.open) source.close();
    lock.release();
  }
}

/**
 * Runs `work` on the stores of the server's storage: PostgreSQL with DATABASE_URL, else DATA_DIR's
 * SQLite file (which must exist: nothing is created for a command that only reads or fixes).
 */
async function withStores<T>(env: NodeJS.ProcessEnv, work: (stores: Stores) => Promise<T>): Promise<T> {
  // Checked before readConfig, which creates DATA_DIR: a command must not create a missing one.
  if (!usesPostgres(env)) existingDatabase(env);
  const config = readConfig(env);
  if (config.databaseUrl) {
    const { openPostgres, closePostgres } = await import("../db/postgres/connection");
    const { createPostgresStores } = await import("../db/postgres/stores");
    const db = await openPostgres(config.databaseUrl, 2).catch((error: unknown) => {
      throw new CommandFailed(`Cannot open the database at DATABASE_URL: ${(error as Error).message}`);
    });
    try {
      return await work(createPostgresStores(db));
    } finally {
      await closePostgres(db);
    }
  }
  const db = openDatabase(config.dataDir);
  try {
    return await work(createSqliteStores(db));
  } finally {
    closeDatabase(db);
  }
}

export async function usersList(env: NodeJS.ProcessEnv, out: Out): Promise<void> {
  const rows = await withStores(env, (stores) => stores.users.all());
  if (rows.length === 0) {
    out("No users yet: the first dealer signs up in the app.");
    return;
  }
  // Stored strings go to the admin's terminal with their control characters escaped, whatever an
  // older version let in: a name must not retitle, clear or recolour the terminal.
  const lines = rows.map((u) => [
    terminalText(u.email),
    terminalText(`${u.firstName} ${u.lastName}`),
    new Date(u.createdAt).toISOString().slice(0, 10),
  ]);
  const widths = [0, 1].map((i) => Math.max(i === 0 ? 5 : 4, ...lines.map((l) => (l[i] as string).length)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c)).join("  ");
  out(row(["EMAIL", "NAME", "CREATED"]));
  for (const line of lines) out(row(line));
  out(`${rows.length} user${rows.length === 1 ? "" : "s"}.`);
}

export async function usersResetLink(
  env: NodeJS.ProcessEnv,
  email: string | undefined,
  out: Out,
): Promise<void> {
  if (!email) throw new CommandFailed("Say whose password to reset: dealdesk users reset-link <email>");
  const wanted = email.trim().toLowerCase();
  const found = await withStores(env, async (stores) => {
    const user = (await stores.users.all()).find((u) => u.email.toLowerCase() === wanted);
    return (
      user && { email: terminalText(user.email), token: await createResetToken(stores.resetTokens, user.id) }
    );
  });
  if (!found)
    throw new CommandFailed(
      `No user with the email ${terminalText(email)}. "dealdesk users list" shows them all.`,
    );
  const config = readConfig(env);
  out(`Password reset link for ${found.email}, valid for ${RESET_TOKEN_TTL_MS / 60_000} minutes and once:`);
  out(resetLink(config.appUrl, found.token));
}

/** With DATABASE_URL the data is in PostgreSQL: the SQLite file commands say so instead of acting. */
export function refuseWithDatabaseUrl(env: NodeJS.ProcessEnv, command: string): void {
  if (!usesPostgres(env)) return;
  throw new CommandFailed(
    `DATABASE_URL is set, so the data is in PostgreSQL: "dealdesk ${command}" works on the SQLite file ` +
      "in DATA_DIR. Back PostgreSQL up with pg_dump and restore it with pg_restore (README: Running several processes).",
  );
}

/** DATABASE_URL: applies PostgreSQL's migrations (under the same lock the servers take). */
async function migratePostgresCommand(databaseUrl: string, out: Out): Promise<void> {
  const { migratePostgres } = await import("../db/postgres/connection");
  await migratePostgres(databaseUrl).catch((error: unknown) => {
    throw new CommandFailed(`Cannot migrate the database at DATABASE_URL: ${(error as Error).message}`);
  });
  out("The PostgreSQL database at DATABASE_URL is up to date.");
}

export async function migrate(env: NodeJS.ProcessEnv, out: Out): Promise<void> {
  if (usesPostgres(env)) {
    const { databaseUrl } = readConfig(env);
    if (databaseUrl) return migratePostgresCommand(databaseUrl, out);
  }
  const dataDir = resolveDataDir(env);
  const file = path.join(dataDir, DATABASE_FILE);
  const applied = (db: Database.Database) =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE name = '__drizzle_migrations'").get()
      ? (db.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n
      : 0;
  let before = 0;
  if (existsSync(file)) {
    const probe = openSqliteFile(file, true);
    before = applied(probe);
    probe.close();
  }
  const config = readConfig(env); // creates DATA_DIR like the server does on first start
  const db = openDatabase(config.dataDir);
  const after = applied(db.$client);
  closeDatabase(db);
  out(
    after === before
      ? `${file} is up to date (${after} migrations applied).`
      : `${file}: applied ${after - before} migration${after - before === 1 ? "" : "s"} (${after} in all).`,
  );
}

/** The data dir, and the files and folders in it (one level down: outbox/), open to other users. */
function exposedPaths(dataDir: string): { path: string; mode: number; dir: boolean }[] {
  const found: { path: string; mode: number; dir: boolean }[] = [];
  const visit = (at: string, depth: number) => {
    const stat = statSync(at);
    const mode = stat.mode & 0o777;
    if (mode & 0o077) found.push({ path: at, mode, dir: stat.isDirectory() });
    if (stat.isDirectory() && depth < 2)
      for (const name of readdirSync(at).sort()) visit(path.join(at, name), depth + 1);
  };
  visit(dataDir, 0);
  return found;
}

/** One warning line per data dir, file or folder that others than its owner may read or write. */
function warnAboutModes(dataDir: string, out: Out): void {
  for (const found of exposedPaths(dataDir)) {
    const wanted = found.dir ? "700" : "600";
    out(
      `Warning: ${terminalText(found.path)} is open to other users (mode ${found.mode.toString(8).padStart(4, "0")}); ` +
        `it holds DealDesk's data. Run: chmod ${wanted} ${terminalText(found.path)}`,
    );
  }
}

export function check(env: NodeJS.ProcessEnv, out: Out): void {
  const file = existingDatabase(env);
  warnAboutModes(path.dirname(file), out);
  const db = openSqliteFile(file, true);
  try {
    const problems = (db.pragma("integrity_check") as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    const foreignKeys = db.pragma("foreign_key_check") as unknown[];
    if (problems.length === 1 && problems[0] === "ok" && foreignKeys.length === 0) {
      out(`Integrity check of ${file}: ok (${hasUsersTable(db) ? countUsers(db) : 0} users).`);
      return;
    }
    const found = problems.filter((p) => p !== "ok");
    if (foreignKeys.length > 0)
      found.push(`${foreignKeys.length} rows point to rows that do not exist (foreign keys)`);
    throw new CommandFailed(
      `Integrity check of ${file} found ${found.length} problem${found.length === 1 ? "" : "s"}:\n${found.join("\n")}\n` +
        "Restore the latest good backup (dealdesk restore <file>) with DealDesk stopped.",
    );
  } finally {
    db.close();
  }
}
