import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { CONTROL_CHARACTERS } from "@shared/schemas/schema-fields";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "../db/connection";
import { createSqliteStores } from "../db/sqlite/stores";
import { createMailer } from "../mail/mailer";
import { packageRoot } from "../package-root";
import { terminalText } from "./terminal-text";

// Issue #35, findings 4 and 5: the `dealdesk` command run as an admin would, in a shell whose umask
// is 022 (files 0644 unless the program says otherwise): backups, restored databases and outbox
// mails are 0600, `check` names what others may read, and stored names reach the terminal with
// their control characters escaped.

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), "dealdesk-cli-"));
const dataDir = path.join(work, "data");
const database = path.join(dataDir, "dealdesk.sqlite");
const HOSTILE = "Eve\u001b]0;pwned\u0007\u001b[2J\u001b[31mRED\rAdmin\u0000";

/** `dealdesk <args>` under umask 022, through the TypeScript sources (the package test runs the build). */
async function dealdesk(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = path.join(packageRoot, "node_modules/.bin/tsx");
  const cli = path.join(packageRoot, "server/cli/dealdesk.ts");
  try {
    const { stdout, stderr } = await run("sh", ["-c", 'umask 022 && exec "$@"', "sh", tsx, cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      cwd: packageRoot,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

beforeAll(async () => {
  // An account stored by an older version, which let control characters into names.
  mkdirSync(dataDir, { mode: 0o700 });
  const data = openDatabase(dataDir);
  const now = Date.UTC(2026, 10, 26);
  await createSqliteStores(data).users.registerOwner(
    { ...EMPTY_DEALER_PROFILE, dealershipName: "Example Motors" },
    {
      id: "owner-1",
      email: "eve@example.com",
      passwordHash: "x",
      firstName: HOSTILE,
      lastName: "Lane\u202e",
      tokensValidAfter: now,
      createdAt: now,
      updatedAt: now,
    },
  );
  closeDatabase(data);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("dealdesk under umask 022", () => {
  it("writes a backup 0600", async () => {
    const file = path.join(work, "backup.sqlite");
    const { code, stderr } = await dealdesk("backup", file);
    expect(code, stderr).toBe(0);
    expect(modeOf(file)).toBe(0o600);
  });

  it("restores into a 0600 database (and -wal, -shm) and keeps the previous one 0600", async () => {
    // The database as an earlier version left it: readable by everyone.
    chmodSync(database, 0o644);
    const { code, stdout, stderr } = await dealdesk("restore", path.join(work, "backup.sqlite"));
    expect(code, stderr).toBe(0);
    expect(stdout).toContain("The previous database is kept as");
    const files = readdirSync(dataDir).filter((f) => f.startsWith("dealdesk.sqlite"));
    expect(files.some((f) => f.includes("before-restore"))).toBe(true);
    for (const f of files) expect(`${f} ${modeOf(path.join(dataDir, f)).toString(8)}`).toBe(`${f} 600`);
    // The server (or any command) opening it: SQLite's -wal and -shm take the database's mode.
    const db = openDatabase(dataDir);
    try {
      for (const suffix of ["", "-wal", "-shm"]) {
        const file = `${database}${suffix}`;
        if (existsSync(file)) expect(modeOf(file), file).toBe(0o600);
      }
      expect(existsSync(`${database}-wal`)).toBe(true);
    } finally {
      closeDatabase(db);
    }
  });

  it("writes outbox mails 0600 in a 0700 folder", async () => {
    const previous = process.umask(0o022);
    try {
      const mailer = createMailer(
        { dataDir, smtpUrl: undefined, mailFrom: "DealDesk <desk@example.com>" },
        () => {},
      );
      await mailer.send({ to: "sam@example.com", subject: "Hello", text: "Hello" });
    } finally {
      process.umask(previous);
    }
    const outbox = path.join(dataDir, "outbox");
    expect(modeOf(outbox)).toBe(0o700);
    for (const f of readdirSync(outbox)) expect(modeOf(path.join(outbox, f))).toBe(0o600);
  });

  it("check warns about a data dir or a file others may read, naming it", async () => {
    const clean = await dealdesk("check");
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).not.toContain("Warning");
    chmodSync(dataDir, 0o755);
    chmodSync(database, 0o644);
    const { code, stdout } = await dealdesk("check");
    expect(code).toBe(0);
    expect(stdout).toContain(`Warning: ${dataDir} is open to other users (mode 0755)`);
    expect(stdout).toContain(`chmod 700 ${dataDir}`);
    expect(stdout).toContain(`Warning: ${database} is open to other users (mode 0644)`);
    expect(stdout).toContain(`chmod 600 ${database}`);
    expect(stdout).toContain("Integrity check");
    chmodSync(dataDir, 0o700);
    chmodSync(database, 0o600);
  });

  it("users list prints a stored name's control characters escaped", async () => {
    const { code, stdout, stderr } = await dealdesk("users", "list");
    expect(code, stderr).toBe(0);
    // Nothing but line ends may reach the terminal raw.
    expect(stdout.replace(/\n/g, "")).not.toMatch(CONTROL_CHARACTERS);
    expect(stdout).toContain("Eve\\x1B]0;pwned\\x07\\x1B[2J\\x1B[31mRED\\x0DAdmin\\x00 Lane\\u202E");
    expect(stdout).toContain("eve@example.com");
  });
});

describe("terminalText", () => {
  it.each([
    ["Dana Whitfield", "Dana Whitfield"],
    ["Zoë 日本 O'Brien", "Zoë 日本 O'Brien"],
    ["a\u001b[2Jb", "a\\x1B[2Jb"],
    ["tab\there\nnew", "tab\\x09here\\x0Anew"],
    ["\u2066iso\u2069 \u202d", "\\u2066iso\\u2069 \\u202D"],
    ["C:\\x1B", "C:\\\\x1B"],
  ])("%j", (value, shown) => {
    expect(terminalText(value)).toBe(shown);
  });
});
