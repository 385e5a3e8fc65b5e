import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
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
// process, and the lease (owner + until) fences a process that outlived it.

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
        .where(
          and(
            eq(quoteEvents.quoteId, event.quoteId),
            eq(quoteEvents.field, "opened"),
            gte(quoteEvents.at, event.onlyFirstSince),
          ),
        )
        .limit(1);
      if (earlier.length > 0) continue;
    }
    const [inserted] = await tx
      .insert(handoffEvents)
      .values({
        publicId: event.publicId,
        dealershipId: event.dealershipId,
        type: event.type,
        quoteId: event.quoteId,
        createdAt: event.createdAt,
        payload: event.payload,
      })
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
    tx
      .update(handoffDeliveries)
      .set({ status: "failed", leaseOwner: null, leaseUntil: null })
      .where(and(eq(handoffDeliveries.endpointId, endpointId), eq(handoffDeliveries.status, "pending")));
  return {
    async completePayload(publicId, pending, payload) {
      await db
        .update(handoffEvents)
        .set({ payload })
        .where(and(eq(handoffEvents.publicId, publicId), eq(handoffEvents.payload, pending)));
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
        .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.kind, kind)))
        .orderBy(asc(handoffEndpoints.createdAt), asc(handoffEndpoints.id)),
    async endpoint(dealershipId, id) {
      const [row] = await db
        .select()
        .from(handoffEndpoints)
        .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.id, id)));
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
          .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.id, id)))
          .returning();
        if (updated && changes.enabled === false) await failPending(tx, id);
        return updated;
      });
    },
    async removeEndpoint(dealershipId, id) {
      const removed = await db
        .delete(handoffEndpoints)
        .where(and(eq(handoffEndpoints.dealershipId, dealershipId), eq(handoffEndpoints.id, id)))
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
        .orderBy(asc(handoffDeliveries.id));
      return rows;
    },
    finish(deliveryId, owner, attempt, next) {
      return db.transaction(async (tx) => {
        const [delivery] = await tx
          .update(handoffDeliveries)
          .set({
            status: next.status,
            attempts: sql`${handoffDeliveries.attempts} + 1`,
            nextAttemptAt: next.nextAttemptAt,
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(and(eq(handoffDeliveries.id, deliveryId), eq(handoffDeliveries.leaseOwner, owner)))
          .returning({ endpointId: handoffDeliveries.endpointId, attempts: handoffDeliveries.attempts });
        if (!delivery) return false;
        await tx
          .insert(handoffAttempts)
          .values({ deliveryId, endpointId: delivery.endpointId, attempt: delivery.attempts, ...attempt });
        const [endpoint] = await tx
          .update(handoffEndpoints)
          .set({
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
        await tx
          .update(handoffEndpoints)
          .set({ enabled: false, disabledAt: now, updatedAt: now })
          .where(eq(handoffEndpoints.id, endpointId));
        await failPending(tx, endpointId);
      });
    },
    log: (endpointId, limit) =>
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
        .limit(limit),
    async resend(dealershipId, deliveryId, now) {
      const [found] = await db
        .select({ eventId: handoffDeliveries.eventId, endpointId: handoffDeliveries.endpointId })
        .from(handoffDeliveries)
        .innerJoin(handoffEndpoints, eq(handoffEndpoints.id, handoffDeliveries.endpointId))
        .where(and(eq(handoffDeliveries.id, deliveryId), eq(handoffEndpoints.dealershipId, dealershipId)));
      if (!found) return false;
      await db
        .insert(handoffDeliveries)
        .values({ ...found, status: "pending", attempts: 0, nextAttemptAt: now, createdAt: now });
      return true;
    },
    async releaseLeases() {
      // Other processes may be delivering right now: their leases run out on their own.
    },
  };
}
