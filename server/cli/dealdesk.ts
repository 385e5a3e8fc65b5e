#!/usr/bin/env node
import { parseArgs } from "node:util";
import { runServer } from "../run";
import {
  backup,
  CommandFailed,
  check,
  migrate,
  refuseWithDatabaseUrl,
  restore,
  usersList,
  usersResetLink,
} from "./admin-commands";

const HELP = `DealDesk: self-hosted online desking for car dealerships.

Usage: dealdesk [command] [--port <port>] [--data-dir <dir>]

Commands:
  serve (default)            serve the app, API and live quotes on PORT, data in DATA_DIR
  backup <file>              write a consistent copy of the database (works while the server runs)
  restore <file>             replace the database with a backup (refused while a server runs on DATA_DIR;
                             the previous database is kept next to it)
  users list                 list the accounts (in PostgreSQL with DATABASE_URL)
  users reset-link <email>   print a one-hour, single-use password reset link built from APP_URL
  migrate                    apply database migrations (the server also does this when it starts;
                             PostgreSQL's with DATABASE_URL)
  check                      run SQLite's integrity check and say what it found; warn about data
                             files or folders that other users may read

Options:
  --port <port>              same as PORT (default 3000)
  --data-dir <dir>           same as DATA_DIR (default ./data)
  -h, --help                 show this help

Settings (environment variables, none required):
  PORT, HOST, DATA_DIR, DATABASE_URL (PostgreSQL instead of DATA_DIR's SQLite file), REDIS_URL,
  APP_URL (public address; reset links use it), JWT_SECRET, SMTP_URL, MAIL_FROM,
  QUOTE_VALIDITY_DAYS, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES, TRUST_PROXY, LOG_REQUESTS,
  LOG_FORMAT (plain or json), METRICS_TOKEN (turns on /metrics, bearer token),
  INVITATIONS_PER_DEALERSHIP_PER_DAY (default 50), VIN_DATABASE_DIR (default DATA_DIR/vpic).
  The README's Settings table describes each one.`;

/** Runs one command line; answers the exit code (the server keeps running after it answers). */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: "string" },
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals[0] === "help") {
    console.log(HELP);
    return 0;
  }
  // Flags win over the environment; config.ts still reads and checks every setting.
  const settings = {
    ...env,
    ...(values.port !== undefined ? { PORT: values.port } : {}),
    ...(values["data-dir"] !== undefined ? { DATA_DIR: values["data-dir"] } : {}),
  };
  const [command = "serve", ...args] = positionals;
  const out = (line: string) => console.log(line);
  const extra = (expected: number) => {
    if (args.length > expected)
      throw new CommandFailed(`Unexpected argument "${args[expected]}". Run dealdesk --help.`);
  };
  switch (command) {
    case "serve":
      extra(0);
      await runServer(settings);
      return 0;
    case "backup":
      extra(1);
      refuseWithDatabaseUrl(settings, "backup");
      await backup(settings, args[0], out);
      return 0;
    case "restore":
      extra(1);
      refuseWithDatabaseUrl(settings, "restore");
      await restore(settings, args[0], out);
      return 0;
    case "migrate":
      extra(0);
      await migrate(settings, out);
      return 0;
    case "check":
      extra(0);
      refuseWithDatabaseUrl(settings, "check");
      check(settings, out);
      return 0;
    case "users": {
      const [sub, ...rest] = args;
      if (sub === "list" && rest.length === 0) await usersList(settings, out);
      else if (sub === "reset-link" && rest.length <= 1) await usersResetLink(settings, rest[0], out);
      else throw new CommandFailed('Use "dealdesk users list" or "dealdesk users reset-link <email>".');
      return 0;
    }
    default:
      throw new CommandFailed(`Unknown command "${command}". Run dealdesk --help.`);
  }
}

try {
  const code = await main(process.argv.slice(2), process.env);
  if (code !== 0) process.exitCode = code;
} catch (error) {
  // Bad flags (parseArgs), bad settings (config.ts) and refused commands all end here: one clear line.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
