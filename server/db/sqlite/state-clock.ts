import type Database from "better-sqlite3";

// Issue #52: the live server's lifecycle watch asks "did any quote's state change?" four times a
// second for every open quote. On SQLite that question has a cheap exact answer, so the read of
// every open quote's state seq runs only when it can find something:
// - another connection's commit (the `dealdesk` command, a second process by mistake) moves the
//   connection's `PRAGMA data_version`, which never moves for this connection's own commits;
// - this connection's own change of a state seq, or a deleted quote, fires a TEMP trigger (this
//   connection's only, no schema change) that bumps a counter held here.
// A trigger that fired in a transaction that then rolled back bumps the counter anyway: one read
// more, never one less.

type Clock = { bumps: number; dataVersion: Database.Statement<[], number> };

const clocks = new WeakMap<Database.Database, Clock>();

function install(sqlite: Database.Database): Clock {
  const clock: Clock = { bumps: 0, dataVersion: sqlite.prepare<[], number>("PRAGMA data_version").pluck() };
  sqlite.function("dealdesk_state_changed", { deterministic: false }, () => {
    clock.bumps += 1;
    return null;
  });
  sqlite.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS dealdesk_quote_state_changed
      AFTER UPDATE OF state_seq ON main.quotes WHEN OLD.state_seq IS NOT NEW.state_seq
      BEGIN SELECT dealdesk_state_changed(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS dealdesk_quote_deleted
      AFTER DELETE ON main.quotes
      BEGIN SELECT dealdesk_state_changed(); END;
  `);
  clocks.set(sqlite, clock);
  return clock;
}

/**
 * A value that changes whenever a quote's state seq changes or a quote is deleted, by any writer
 * of the file; equal values mean no state changed in between.
 */
export function sqliteStateClock(sqlite: Database.Database): () => string {
  const clock = clocks.get(sqlite) ?? install(sqlite);
  return () => `${clock.dataVersion.get()}:${clock.bumps}`;
}
