import { asc, eq, inArray, sql } from "drizzle-orm";
import * as h from "../queries/handoff";
import {
  type HandoffEventRecord,
  type HandoffStore,
  isLeadEvent,
  type LeasedDelivery,
} from "../repositories/handoff";
import {
  handoffAttempts,
  handoffDeliveries,
  handoffEndpoints,
  handoffEvents,
  quoteEvents,
} from "../schema.pg";
import type { PgDb } from "./connection";

// Issue #39: the outbox and the webhook endpoints on PostgreSQL. Any number of processes run the
// delivery worker; a delivery is leased with FOR UPDATE SKIP LOCKED, so each is taken by one
// process, and the lease (owner + until) fences a process that outlived it. The drizzle text is
// queries/handoff.ts, shared with SQLite; the fan-out and the lease are this dialect's own SQL.

type PgTx = Pick<PgDb, "select" | "insert" | "update" | "execute">;

/** As insertHandoffEvents on SQLite: the events and their deliveries, in the caller's transaction. */
export async function insertHandoffEvents(
  tx: PgTx,
  events: readonly HandoffEventRecord[] = [],
): Promise<void> {
  for (const event of events) {
    if (event.onlyFirstSince !== undefined && event.quoteId !== null) {
      const earlier = await tx
        .select({ id: quoteEvents.id })
        .from(quoteEvents)
        .where(h.openedSince(quoteEvents, event.quoteId, event.onlyFirstSince))
        .limit(1);
      if (earlier.length > 0) continue;
    }
    const [inserted] = await tx
      .insert(handoffEvents)
      .values(h.eventValues(event))
      .returning({ id: handoffEvents.id });
    if (!inserted) throw new Error("handoff_events insert returned no row");
    const subscribed = sql`strpos(e.events, ${JSON.stringify(event.type)}) > 0`;
    // A lead address takes every lead event, whatever it was saved with; webhooks what they chose.
    const target =
      event.endpointId !== undefined
        ? sql`e.id = ${event.endpointId}`
        : isLeadEvent(event.type)
          ? sql`e.enabled AND (e.kind = 'lead' OR ${subscribed})`
          : sql`e.enabled AND e.kind <> 'lead' AND ${subscribed}`;
    await tx.execute(sql`INSERT INTO handoff_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
      SELECT ${inserted.id}, e.id, 'pending', 0, ${event.createdAt}::bigint, ${event.createdAt}::bigint
        FROM handoff_endpoints e WHERE e.dealership_id = ${event.dealershipId} AND ${target}`);
  }
}

export function createHandoffStore(
  db: PgDb,
): Omit<HandoffStore, "heldPaymentRequests" | "releasePaymentRequests"> {
  const failPending = (tx: Pick<PgDb, "update">, endpointId: string) =>
    tx.update(handoffDeliveries).set(h.failed).where(h.pendingFor(handoffDeliveries, endpointId));
  return {
    async completePayload(publicId, pending, payload) {
      await db
        .update(handoffEvents)
        .set({ payload })
        .where(h.stillPending(handoffEvents, publicId, pending));
      const [row] = await db
        .select({ payload: handoffEvents.payload })
        .from(handoffEvents)
        .where(eq(handoffEvents.publicId, publicId));
      return row?.payload;
    },
    endpoints: (dealershipId, kind) =>
      db
        .select()
        .from(handoffEndpoints)
        .where(h.endpointsOf(handoffEndpoints, dealershipId, kind))
        .orderBy(...h.endpointOrder(handoffEndpoints)),
    async endpoint(dealershipId, id) {
      const [row] = await db
        .select()
        .from(handoffEndpoints)
        .where(h.ownEndpoint(handoffEndpoints, dealershipId, id));
      return row;
    },
    async addEndpoint(row) {
      await db.insert(handoffEndpoints).values(row);
    },
    updateEndpoint(dealershipId, id, changes, now) {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(handoffEndpoints)
          .set({ ...changes, updatedAt: now })
          .where(h.ownEndpoint(handoffEndpoints, dealershipId, id))
          .returning();
        if (updated && changes.enabled === false) await failPending(tx, id);
        return updated;
      });
    },
    async removeEndpoint(dealershipId, id) {
      const removed = await db
        .delete(handoffEndpoints)
        .where(h.ownEndpoint(handoffEndpoints, dealershipId, id))
        .returning({ id: handoffEndpoints.id });
      return removed.length > 0;
    },
    async record(event) {
      await db.transaction((tx) => insertHandoffEvents(tx, [event]));
    },
    async lease(owner, now, leaseMs, limit) {
      // One statement: the heads of the endpoints' queues that are due, locked or skipped, leased.
      const leased = await db.execute<{
        id: number;
      }>(sql`UPDATE handoff_deliveries SET lease_owner = ${owner},
          lease_until = ${now + leaseMs}::bigint
        WHERE id IN (
          SELECT d.id FROM handoff_deliveries d JOIN handoff_endpoints e ON e.id = d.endpoint_id
           WHERE d.status = 'pending' AND e.enabled AND d.next_attempt_at <= ${now}::bigint
             AND (d.lease_until IS NULL OR d.lease_until < ${now}::bigint)
             AND d.id = (SELECT min(h.id) FROM handoff_deliveries h
                          WHERE h.endpoint_id = d.endpoint_id AND h.status = 'pending')
           ORDER BY d.id LIMIT ${limit}
           FOR UPDATE OF d SKIP LOCKED)
          AND status = 'pending' AND (lease_until IS NULL OR lease_until < ${now}::bigint)
        RETURNING id`);
      const ids = leased.rows.map((row) => Number(row.id));
      if (ids.length === 0) return [];
      const rows: LeasedDelivery[] = await db
        .select(h.leasedColumns(handoffDeliveries, handoffEvents, handoffEndpoints))
        .from(handoffDeliveries)
        .innerJoin(handoffEvents, h.deliveryEvent(handoffEvents, handoffDeliveries))
        .innerJoin(handoffEndpoints, h.deliveryEndpoint(handoffEndpoints, handoffDeliveries))
        .where(inArray(handoffDeliveries.id, ids))
        .orderBy(asc(handoffDeliveries.id));
      return rows;
    },
    finish(deliveryId, owner, attempt, next) {
      return db.transaction(async (tx) => {
        const [delivery] = await tx
          .update(handoffDeliveries)
          .set(h.attempted(handoffDeliveries, next))
          .where(h.leasedBy(handoffDeliveries, deliveryId, owner))
          .returning(h.attemptedColumns(handoffDeliveries));
        if (!delivery) return false;
        await tx
          .insert(handoffAttempts)
          .values({ deliveryId, endpointId: delivery.endpointId, attempt: delivery.attempts, ...attempt });
        const [endpoint] = await tx
          .update(handoffEndpoints)
          .set({
            // The time cast to the column's bigint, as every time parameter of this file's own SQL.
            failingSince: attempt.ok
              ? null
              : sql`coalesce(${handoffEndpoints.failingSince}, ${attempt.at}::bigint)`,
          })
          .where(eq(handoffEndpoints.id, delivery.endpointId))
          .returning({ failingSince: handoffEndpoints.failingSince });
        return { failingSince: endpoint?.failingSince ?? null };
      });
    },
    async disable(endpointId, now) {
      await db.transaction(async (tx) => {
        await tx.update(handoffEndpoints).set(h.disabled(now)).where(eq(handoffEndpoints.id, endpointId));
        await failPending(tx, endpointId);
      });
    },
    log: (endpointId, limit) =>
      db
        .select(h.logColumns(handoffAttempts, handoffEvents, handoffDeliveries))
        .from(handoffAttempts)
        .innerJoin(handoffDeliveries, h.attemptDelivery(handoffDeliveries, handoffAttempts))
        .innerJoin(handoffEvents, h.deliveryEvent(handoffEvents, handoffDeliveries))
        .where(eq(handoffAttempts.endpointId, endpointId))
        .orderBy(h.newestAttempt(handoffAttempts))
        .limit(limit),
    async resend(dealershipId, deliveryId, now) {
      const [found] = await db
        .select(h.resentColumns(handoffDeliveries))
        .from(handoffDeliveries)
        .innerJoin(handoffEndpoints, h.deliveryEndpoint(handoffEndpoints, handoffDeliveries))
        .where(h.ownDelivery(handoffDeliveries, handoffEndpoints, dealershipId, deliveryId));
      if (!found) return false;
      await db.insert(handoffDeliveries).values(h.resentValues(found, now));
      return true;
    },
    async releaseLeases() {
      // Other processes may be delivering right now: their leases run out on their own.
    },
  };
}
