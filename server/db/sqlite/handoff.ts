import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../connection";
import * as h from "../queries/handoff";
import {
  type HandoffEventRecord,
  type HandoffStore,
  isLeadEvent,
  type LeasedDelivery,
} from "../repositories/handoff";
import { handoffAttempts, handoffDeliveries, handoffEndpoints, handoffEvents, quoteEvents } from "../schema";

// Issue #39: the outbox and the webhook endpoints on SQLite. One process (DATA_DIR is locked), so
// the lease only keeps a slow delivery from being taken twice by the same worker. The drizzle text
// is queries/handoff.ts, shared with PostgreSQL; the fan-out and the lease are this dialect's own SQL.

type Tx = Pick<Db, "insert" | "select" | "run">;

/**
 * The events with their deliveries, inside the caller's transaction: one pending delivery per
 * enabled endpoint of the dealership subscribed to the type (or to `endpointId` alone).
 */
export function insertHandoffEvents(tx: Tx, events: readonly HandoffEventRecord[] = []): void {
  for (const event of events) {
    if (event.onlyFirstSince !== undefined && event.quoteId !== null) {
      const earlier = tx
        .select({ id: quoteEvents.id })
        .from(quoteEvents)
        .where(h.openedSince(quoteEvents, event.quoteId, event.onlyFirstSince))
        .limit(1)
        .get();
      if (earlier) continue;
    }
    const { id } = tx
      .insert(handoffEvents)
      .values(h.eventValues(event))
      .returning({ id: handoffEvents.id })
      .get();
    const subscribed = sql`instr(e.events, ${JSON.stringify(event.type)}) > 0`;
    // A lead address takes every lead event, whatever it was saved with; webhooks what they chose.
    const target =
      event.endpointId !== undefined
        ? sql`e.id = ${event.endpointId}`
        : isLeadEvent(event.type)
          ? sql`e.enabled = 1 AND (e.kind = 'lead' OR ${subscribed})`
          : sql`e.enabled = 1 AND e.kind <> 'lead' AND ${subscribed}`;
    tx.run(sql`INSERT INTO handoff_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
      SELECT ${id}, e.id, 'pending', 0, ${event.createdAt}, ${event.createdAt}
        FROM handoff_endpoints e WHERE e.dealership_id = ${event.dealershipId} AND ${target}`);
  }
}

export function createHandoffStore(
  db: Db,
): Omit<HandoffStore, "heldPaymentRequests" | "releasePaymentRequests"> {
  return {
    async completePayload(publicId, pending, payload) {
      return db.transaction((tx) => {
        tx.update(handoffEvents)
          .set({ payload })
          .where(h.stillPending(handoffEvents, publicId, pending))
          .run();
        return tx
          .select({ payload: handoffEvents.payload })
          .from(handoffEvents)
          .where(eq(handoffEvents.publicId, publicId))
          .get()?.payload;
      });
    },
    endpoints: async (dealershipId, kind) =>
      db
        .select()
        .from(handoffEndpoints)
        .where(h.endpointsOf(handoffEndpoints, dealershipId, kind))
        .orderBy(...h.endpointOrder(handoffEndpoints))
        .all(),
    endpoint: async (dealershipId, id) =>
      db
        .select()
        .from(handoffEndpoints)
        .where(h.ownEndpoint(handoffEndpoints, dealershipId, id))
        .get(),
    async addEndpoint(row) {
      db.insert(handoffEndpoints).values(row).run();
    },
    async updateEndpoint(dealershipId, id, changes, now) {
      return db.transaction((tx) => {
        const updated = tx
          .update(handoffEndpoints)
          .set({ ...changes, updatedAt: now })
          .where(h.ownEndpoint(handoffEndpoints, dealershipId, id))
          .returning()
          .get();
        // Disabled by hand: what it has not received yet fails (enabling it later starts afresh).
        if (updated && changes.enabled === false) failPending(tx, id);
        return updated;
      });
    },
    async removeEndpoint(dealershipId, id) {
      const removed = db
        .delete(handoffEndpoints)
        .where(h.ownEndpoint(handoffEndpoints, dealershipId, id))
        .returning({ id: handoffEndpoints.id })
        .all();
      return removed.length > 0;
    },
    async record(event) {
      db.transaction((tx) => insertHandoffEvents(tx, [event]));
    },
    async lease(owner, now, leaseMs, limit) {
      return db.transaction((tx) => {
        const due = tx.all<{ id: number }>(sql`SELECT d.id FROM handoff_deliveries d
          JOIN handoff_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND e.enabled = 1 AND d.next_attempt_at <= ${now}
            AND (d.lease_until IS NULL OR d.lease_until < ${now})
            AND d.id = (SELECT min(h.id) FROM handoff_deliveries h
                         WHERE h.endpoint_id = d.endpoint_id AND h.status = 'pending')
          ORDER BY d.id LIMIT ${limit}`);
        if (due.length === 0) return [];
        const ids = due.map((row) => row.id);
        tx.update(handoffDeliveries)
          .set({ leaseOwner: owner, leaseUntil: now + leaseMs })
          .where(inArray(handoffDeliveries.id, ids))
          .run();
        return tx
          .select(h.leasedColumns(handoffDeliveries, handoffEvents, handoffEndpoints))
          .from(handoffDeliveries)
          .innerJoin(handoffEvents, h.deliveryEvent(handoffEvents, handoffDeliveries))
          .innerJoin(handoffEndpoints, h.deliveryEndpoint(handoffEndpoints, handoffDeliveries))
          .where(inArray(handoffDeliveries.id, ids))
          .orderBy(asc(handoffDeliveries.id))
          .all() satisfies LeasedDelivery[];
      });
    },
    async finish(deliveryId, owner, attempt, next) {
      return db.transaction((tx) => {
        const delivery = tx
          .update(handoffDeliveries)
          .set(h.attempted(handoffDeliveries, next))
          .where(h.leasedBy(handoffDeliveries, deliveryId, owner))
          .returning(h.attemptedColumns(handoffDeliveries))
          .get();
        if (!delivery) return false;
        tx.insert(handoffAttempts)
          .values({ deliveryId, endpointId: delivery.endpointId, attempt: delivery.attempts, ...attempt })
          .run();
        const endpoint = tx
          .update(handoffEndpoints)
          .set({
            failingSince: attempt.ok ? null : sql`coalesce(${handoffEndpoints.failingSince}, ${attempt.at})`,
          })
          .where(eq(handoffEndpoints.id, delivery.endpointId))
          .returning({ failingSince: handoffEndpoints.failingSince })
          .get();
        return { failingSince: endpoint?.failingSince ?? null };
      });
    },
    async disable(endpointId, now) {
      db.transaction((tx) => {
        tx.update(handoffEndpoints).set(h.disabled(now)).where(eq(handoffEndpoints.id, endpointId)).run();
        failPending(tx, endpointId);
      });
    },
    log: async (endpointId, limit) =>
      db
        .select(h.logColumns(handoffAttempts, handoffEvents, handoffDeliveries))
        .from(handoffAttempts)
        .innerJoin(handoffDeliveries, h.attemptDelivery(handoffDeliveries, handoffAttempts))
        .innerJoin(handoffEvents, h.deliveryEvent(handoffEvents, handoffDeliveries))
        .where(eq(handoffAttempts.endpointId, endpointId))
        .orderBy(h.newestAttempt(handoffAttempts))
        .limit(limit)
        .all(),
    async resend(dealershipId, deliveryId, now) {
      const found = db
        .select(h.resentColumns(handoffDeliveries))
        .from(handoffDeliveries)
        .innerJoin(handoffEndpoints, h.deliveryEndpoint(handoffEndpoints, handoffDeliveries))
        .where(h.ownDelivery(handoffDeliveries, handoffEndpoints, dealershipId, deliveryId))
        .get();
      if (!found) return false;
      db.insert(handoffDeliveries).values(h.resentValues(found, now)).run();
      return true;
    },
    async releaseLeases() {
      db.update(handoffDeliveries).set({ leaseOwner: null, leaseUntil: null }).run();
    },
  };
}

function failPending(tx: Pick<Db, "update">, endpointId: string): void {
  tx.update(handoffDeliveries).set(h.failed).where(h.pendingFor(handoffDeliveries, endpointId)).run();
}
