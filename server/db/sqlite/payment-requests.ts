import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../connection";
import * as r from "../queries/payment-requests";
import type { HandoffStore } from "../repositories/handoff";
import { groupHeldRequests } from "../repositories/payment-requests";
import { paymentRequests } from "../schema";
import { insertHandoffEvents } from "./handoff";

// Issue #47: the payment requests held for a quote's next lead, on SQLite (one process, one
// writer: the release's checks and writes in one transaction are all it takes).

type PaymentRequestLeads = Pick<HandoffStore, "heldPaymentRequests" | "releasePaymentRequests">;

export function createPaymentRequestLeads(db: Db): PaymentRequestLeads {
  return {
    async heldPaymentRequests(windowMs, limit) {
      const since = Date.now() - windowMs;
      const quotes = db.all<{
        quoteId: string;
      }>(sql`SELECT DISTINCT r.quote_id AS quoteId FROM payment_requests r
        WHERE r.lead_event_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM payment_requests o WHERE o.quote_id = r.quote_id AND o.released_at > ${since})
        ORDER BY r.quote_id LIMIT ${limit}`);
      if (quotes.length === 0) return [];
      const rows = db
        .select()
        .from(paymentRequests)
        .where(
          r.heldFor(
            paymentRequests,
            quotes.map((q) => q.quoteId),
          ),
        )
        .orderBy(asc(paymentRequests.id))
        .all();
      return groupHeldRequests(rows);
    },
    async releasePaymentRequests(held, windowMs, event) {
      const ids = held.requests.map((request) => request.id);
      return db.transaction((tx) => {
        const now = Date.now();
        const still = tx
          .select({ id: paymentRequests.id })
          .from(paymentRequests)
          .where(r.stillHeld(paymentRequests, ids))
          .all();
        if (still.length !== ids.length) return false;
        const sent = tx
          .select({ id: paymentRequests.id })
          .from(paymentRequests)
          .where(r.releasedSince(paymentRequests, held.quoteId, now - windowMs))
          .limit(1)
          .get();
        if (sent) return false;
        insertHandoffEvents(tx, [{ ...event, createdAt: now }]);
        tx.update(paymentRequests)
          .set(r.released(event.publicId, now))
          .where(inArray(paymentRequests.id, ids))
          .run();
        return true;
      });
    },
  };
}
