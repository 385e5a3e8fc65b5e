import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closePostgres, openPostgres } from "../db/postgres/connection";
import { createPostgresStores } from "../db/postgres/stores";
import { type PostgresService, startPostgres } from "../test-support/services";
import { CommandFailed, migrate, refuseWithDatabaseUrl, usersList, usersResetLink } from "./admin-commands";

// The admin commands with DATABASE_URL set: the accounts and reset links come from PostgreSQL,
// migrate applies PostgreSQL's migrations, and the SQLite file commands refuse with a clear reason
// (the package test covers them on SQLite).

let postgres: PostgresService;
const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-cli-pg-"));
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  postgres = await startPostgres();
  env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir, APP_URL: "https://deals.example.com" };
  const db = await openPostgres(postgres.url, 2);
  const now = Date.now();
  await createPostgresStores(db).users.registerOwner(
    { ...EMPTY_DEALER_PROFILE, dealershipName: "Example Motors" },
    {
      id: "owner-1",
      email: "olivia@example.com",
      passwordHash: "x",
      firstName: "Olivia",
      lastName: "Owner",
      tokensValidAfter: now,
      createdAt: Date.UTC(2026, 10, 25),
      updatedAt: now,
    },
  );
  await closePostgres(db);
}, 60_000);

afterAll(async () => {
  await postgres?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const run = async (command: (out: (line: string) => void) => Promise<void> | void) => {
  const lines: string[] = [];
  await command((line) => lines.push(line));
  return lines;
};

it("lists the accounts and gives a reset link from PostgreSQL", async () => {
  expect(await run((out) => usersList(env, out))).toEqual([
    "EMAIL               NAME          CREATED",
    "olivia@example.com  Olivia Owner  2026-11-25",
    "1 user.",
  ]);
  const [said, link] = await run((out) => usersResetLink(env, " Olivia@Example.com ", out));
  expect(said).toBe("Password reset link for olivia@example.com, valid for 60 minutes and once:");
  expect(link).toMatch(/^https:\/\/deals\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  await expect(run((out) => usersResetLink(env, "nobody@example.com", out))).rejects.toThrow(
    'No user with the email nobody@example.com. "dealdesk users list" shows them all.',
  );
});

it("migrates PostgreSQL, and refuses the SQLite file commands without touching DATA_DIR", async () => {
  expect(await run((out) => migrate(env, out))).toEqual([
    "The PostgreSQL database at DATABASE_URL is up to date.",
  ]);
  for (const command of ["backup", "restore", "check"]) {
    expect(() => refuseWithDatabaseUrl(env, command)).toThrow(CommandFailed);
    expect(() => refuseWithDatabaseUrl(env, command)).toThrow(
      `DATABASE_URL is set, so the data is in PostgreSQL: "dealdesk ${command}" works on the SQLite file in DATA_DIR.`,
    );
  }
  expect(() => refuseWithDatabaseUrl({ DATA_DIR: dataDir }, "backup")).not.toThrow();
  expect(readdirSync(dataDir)).toEqual([]);
});
