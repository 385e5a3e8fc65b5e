// Test-only writes for the Analytics specs (issue #40): the hand-built desk of
// shared/testing/analytics-fixture.ts, straight into the running server's SQLite file (WAL lets
// this second connection write), with members who sign in with the owner's password.

import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import {
  FIXTURE_OUTSIDE,
  FIXTURE_PEOPLE,
  FIXTURE_QUOTES,
  type FixturePerson,
  H,
} from "../shared/testing/analytics-fixture";
import { E2E_DATA_DIR } from "./fixtures";

export type SeededDesk = { emails: Record<FixturePerson | "manager", string> };

/** Seeds the owner's dealership with a manager, Sam and Sue, and the fixture's quotes from `start`. */
export function seedAnalyticsDesk(ownerId: string, start: number): SeededDesk {
  const db = new Database(path.join(E2E_DATA_DIR, "dealdesk.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const owner = db
      .prepare("SELECT dealership_id AS dealershipId, password_hash AS hash FROM users WHERE id = ?")
      .get(ownerId) as { dealershipId: string; hash: string };
    const tag = randomUUID().slice(0, 8);
    const people = {
      manager: { id: randomUUID(), firstName: "Max", lastName: "Manager", role: "manager" },
      sam: { id: randomUUID(), ...FIXTURE_PEOPLE.sam, role: "salesperson" },
      sue: { id: randomUUID(), ...FIXTURE_PEOPLE.sue, role: "salesperson" },
    };
    const emails = {
      manager: `max-${tag}@example.com`,
      sam: `sam-${tag}@example.com`,
      sue: `sue-${tag}@example.com`,
    };
    const at = (hours: number) => Math.round(start + hours * H);
    const insertUser = db.prepare(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_id, role, tokens_valid_after, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    );
    const insertQuote = db.prepare(
      `INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description,
         customer_name, out_the_door_cents, stock_number, locked_at, accepted_version, shared_at, opened_at, accepted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertEvent = db.prepare(
      "INSERT INTO quote_events (quote_id, at, role, actor_name, field, old_value, new_value) VALUES (?, ?, ?, ?, ?, NULL, ?)",
    );
    const insertVersion = db.prepare(
      `INSERT INTO quote_versions (quote_id, number, kind, created_at, actor, fingerprint, snapshot,
         choice_structure, choice_months, choice_down_cents, out_the_door_cents, monthly_cents)
       VALUES (?, ?, ?, ?, 'Shopper', '0000-0000-0000', '{}', ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      const now = Date.now();
      for (const [key, person] of Object.entries(people))
        insertUser.run(
          person.id,
          emails[key as keyof typeof emails],
          owner.hash,
          person.firstName,
          person.lastName,
          owner.dealershipId,
          person.role,
          now,
          now,
        );
      for (const quote of [...FIXTURE_QUOTES, FIXTURE_OUTSIDE]) {
        const id = `${quote.key}-${randomUUID()}`;
        const accepted = quote.versions
          .map((v, i) => ({ ...v, number: i + 1 }))
          .filter((v) => v.kind === "accepted");
        const last = accepted.at(-1);
        insertQuote.run(
          id,
          owner.dealershipId,
          people[quote.salesperson].id,
          at(quote.created),
          at(quote.created) + 7 * 24 * H,
          at(quote.created),
          quote.vehicle,
          quote.customer,
          quote.outTheDoorCents,
          quote.stockNumber,
          quote.locked && last ? at(last.at) : null,
          last?.number ?? null,
          // The first time of each step, as the routes write it with the step.
          quote.shared[0] ? at(quote.shared[0].at) : null,
          quote.opened[0] !== undefined ? at(quote.opened[0]) : null,
          accepted[0] ? at(accepted[0].at) : null,
        );
        for (const share of quote.shared)
          insertEvent.run(id, at(share.at), "DEALER", "Sam (salesperson)", "shared", share.via);
        for (const opened of quote.opened) insertEvent.run(id, at(opened), "SHOPPER", null, "opened", null);
        quote.versions.forEach((v, i) => {
          insertVersion.run(
            id,
            i + 1,
            v.kind,
            at(v.at),
            v.structure ?? null,
            v.months ?? null,
            v.downCents ?? null,
            v.outTheDoorCents ?? null,
            v.monthlyCents ?? null,
          );
          insertEvent.run(
            id,
            at(v.at),
            v.kind === "accepted" ? "SHOPPER" : "DEALER",
            null,
            v.kind,
            `version ${i + 1}`,
          );
        });
        if (quote.unlockedAt !== undefined)
          insertEvent.run(id, at(quote.unlockedAt), "DEALER", "Sam (salesperson)", "unlocked", "version 1");
      }
    })();
    return { emails };
  } finally {
    db.close();
  }
}
