import type { AttemptStore } from "../repositories/attempts";
import type { PgDb } from "./connection";

// Failed logins and reset mails on PostgreSQL (auth_attempts): every process behind the balancer
// counts the same attempts, so N processes do not give an attacker N times the guesses.

export function createAttemptStore(db: PgDb): AttemptStore {
  const pool = db.$client;
  return {
    async recent(key, since, limit) {
      const { rows } = await pool.query<{ at: number }>(
        "SELECT at FROM auth_attempts WHERE key = $1 AND at > $2 ORDER BY at DESC LIMIT $3",
        [key, since, limit],
      );
      return rows.map((row) => Number(row.at));
    },
    async add(key, at, forgetBefore) {
      // The key's own old attempts go as it gets a new one; keys never tried again are cleared by
      // the occasional sweep of everything past its window.
      await pool.query("DELETE FROM auth_attempts WHERE key = $1 AND at <= $2", [key, forgetBefore]);
      await pool.query("INSERT INTO auth_attempts (key, at) VALUES ($1, $2)", [key, at]);
      if (Math.random() < 0.01)
        await pool.query("DELETE FROM auth_attempts WHERE at <= $1", [forgetBefore - 24 * 60 * 60 * 1000]);
    },
    async clear(key) {
      await pool.query("DELETE FROM auth_attempts WHERE key = $1", [key]);
    },
  };
}
