import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../connection";
import {
  type HandoffEventRecord,
  type HandoffStore,
  isLeadEvent,
  type LeasedDelivery,
} from "../repositories/handoff";
import { handoffAttempts, handoffDeliveries, handoffEndpoints, handoffEvents, quoteEvents } from "../schema";

// Issue #39: the outbox and the webhook endpoints on SQLite. One process (DATA_DIR is locked), so
// the lease only keeps a slow delivery from being taken twice by the same worker.

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
        .where(
          and(
            eq(quoteEvents.quoteId, event.quoteId),
            eq(quoteEvents.field, "opened"),
            gte(quoteEvents.at, event.onlyFirstSince),
          ),
        )
        .limit(1)
        .get();
      if (earlier) continue;
    }
    const { id } = tx
      .insert(handoffEvents)
      .values({
        publicId: event.publicId,
        dealershipId: event.dealershipId,
        type: event.type,
        quoteId: event.quoteId,
        createdAt: event.createdAt,
        payload: event.payload,
      })
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
          .where(and(eq(handoffEvents.publicId, publicId), eq(handoffEvents.payload, pending)))
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
        .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.kind, kind)))
        .orderBy(asc(handoffEndpoints.createdAt), asc(handoffEndpoints.id))
        .all(),
    endpoint: async (dealershipId, id) =>
      db
        .select()
        .from(handoffEndpoints)
        .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.id, id)))
        .get(),
    async addEndpoint(row) {
      db.insert(handoffEndpoints).values(row).run();
    },
    async updateEndpoint(dealershipId, id, changes, now) {
      return db.transaction((tx) => {
        const updated = tx
          .update(handoffEndpoints)
          .set({ ...changes, updatedAt: now })
          .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.id, id)))
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
        .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.id, id)))
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
          .select({
            id: handoffDeliveries.id,
            attempts: handoffDeliveries.attempts,
            event: {
              publicId: handoffEvents.publicId,
              type: handoffEvents.type,
              quoteId: handoffEvents.quoteId,
              createdAt: handoffEvents.createdAt,
              payload: handoffEvents.payload,
            },
            endpoint: handoffEndpoints,
          })
          .from(handoffDeliveries)
          .innerJoin(handoffEvents, eq(handoffEvents.id, handoffDeliveries.eventId))
          .innerJoin(handoffEndpoints, eq(handoffEndpoints.id, handoffDeliveries.endpointId))
          .where(inArray(handoffDeliveries.id, ids))
          .orderBy(asc(handoffDeliveries.id))
          .all() satisfies LeasedDelivery[];
      });
    },
    async finish(deliveryId, owner, attempt, next) {
      return db.transaction((tx) => {
        const delivery = tx
          .update(handoffDeliveries)
          .set({
            status: next.status,
            attempts: sql`${handoffDeliveries.attempts} + 1`,
            nextAttemptAt: next.nextAttemptAt,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(and(eq(handoffDeliveries.id, deliveryId), eq(handoffDeliveries.leaseOwner, owner)))
          .returning({ endpointId: handoffDeliveries.endpointId, attempts: handoffDeliveries.attempts })
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
        tx.update(handoffEndpoints)
          .set({ enabled: false, disabledAt: now, updatedAt: now })
          .where(eq(handoffEndpoints.id, endpointId))
          .run();
        failPending(tx, endpointId);
      });
    },
    log: async (endpointId, limit) =>
      db
        .select({
          id: handoffAttempts.id,
          deliveryId: handoffAttempts.deliveryId,
          at: handoffAttempts.at,
          attempt: handoffAttempts.attempt,
          statusCode: handoffAttempts.statusCode,
          durationMs: handoffAttempts.durationMs,
          response: handoffAttempts.response,
          ok: handoffAttempts.ok,
          eventType: handoffEvents.type,
          eventId: handoffEvents.publicId,
          deliveryStatus: handoffDeliveries.status,
        })
        .from(handoffAttempts)
        .innerJoin(handoffDeliveries, eq(handoffDeliveries.id, handoffAttempts.deliveryId))
        .innerJoin(handoffEvents, eq(handoffEvents.id, handoffDeliveries.eventId))
        .where(eq(handoffAttempts.endpointId, endpointId))
        .orderBy(desc(handoffAttempts.id))
        .limit(limit)
        .all(),
    async resend(dealershipId, deliveryId, now) {
      const found = db
        .select({ eventId: handoffDeliveries.eventId, endpointId: handoffDeliveries.endpointId })
        .from(handoffDeliveries)
        .innerJoin(handoffEndpoints, eq(handoffEndpoints.id, handoffDeliveries.endpointId))
        .where(and(eq(handoffDeliveries.id, deliveryId), eq(handoffEndpoints.dealershipId, dealershipId)))
        .get();
      if (!found) return false;
      db.insert(handoffDeliveries)
        .values({ ...found, status: "pending", attempts: 0, nextAttemptAt: now, createdAt: now })
        .run();
      return true;
    },
    async releaseLeases() {
      db.update(handoffDeliveries).set({ leaseOwner: null, leaseUntil: null }).run();
    },
  };
}

function failPending(tx: Pick<Db, "update">, endpointId: string): void {
  tx.update(handoffDeliveries)
    .set({ status: "failed", leaseOwner: null, leaseUntil: null })
    .where(and(eq(handoffDeliveries.endpointId, endpointId), eq(handoffDeliveries.status, "pending")))
    .run();
}
