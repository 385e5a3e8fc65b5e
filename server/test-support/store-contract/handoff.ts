import { describe, expect, it } from "vitest";
import type { HandoffEndpointRow, HandoffEventRecord } from "../../db/repositories/handoff";
import type { Stores } from "../../db/stores";
import { type CurrentStores, createQuote, dealerEvent, registerOwner, T0, version } from "./fixtures";
import { vehicleRow } from "./vehicles";

// The storage contract of the hand-off outbox (issue #39): endpoints, events stored with the
// change that caused them, leases (one delivery at a time per endpoint, in event order), the
// delivery log, disabling and resends.

const endpointRow = (
  dealershipId: string,
  id: string,
  events: string[],
  changes: Partial<HandoffEndpointRow> = {},
): HandoffEndpointRow => ({
  id,
  dealershipId,
  kind: "webhook",
  url: `https://hooks.example.com/${id}`,
  events: JSON.stringify(events),
  includeGross: false,
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  enabled: true,
  failingSince: null,
  disabledAt: null,
  createdAt: T0,
  updatedAt: T0,
  ...changes,
});

let serial = 0;
const event = (
  dealershipId: string,
  type: string,
  changes: Partial<HandoffEventRecord> = {},
): HandoffEventRecord => {
  serial += 1;
  return {
    publicId: `msg_contract_${serial}_${Math.random().toString(36).slice(2)}`,
    dealershipId,
    type,
    quoteId: null,
    createdAt: T0,
    payload: JSON.stringify({ n: serial, text: "ünïcode & <xml>" }),
    ...changes,
  };
};

const ok = { at: T0 + 10, statusCode: 200, durationMs: 12, response: "thanks", ok: true };
const failure = { at: T0 + 10, statusCode: 500, durationMs: 7, response: "oops", ok: false };

async function leaseAll(stores: Stores, owner: string, now = T0 + 1) {
  return stores.handoff.lease(owner, now, 60_000, 10);
}

export function handoffContract(current: CurrentStores): void {
  describe("hand-off outbox", () => {
    it("keeps endpoints per dealership and kind; an update or removal of another dealership's changes nothing", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      await stores.handoff.addEndpoint(endpointRow(ann.dealershipId, "w1", ["quote.created"]));
      await stores.handoff.addEndpoint(
        endpointRow(ann.dealershipId, "l1", ["quote.accepted"], { kind: "lead" }),
      );
      expect((await stores.handoff.endpoints(ann.dealershipId, "webhook")).map((e) => e.id)).toEqual(["w1"]);
      expect((await stores.handoff.endpoints(ann.dealershipId, "lead")).map((e) => e.id)).toEqual(["l1"]);
      expect(await stores.handoff.endpoint(bob.dealershipId, "w1")).toBeUndefined();
      expect(
        await stores.handoff.updateEndpoint(bob.dealershipId, "w1", { url: "https://x" }, T0 + 1),
      ).toBeUndefined();
      expect(await stores.handoff.removeEndpoint(bob.dealershipId, "w1")).toBe(false);
      const updated = await stores.handoff.updateEndpoint(
        ann.dealershipId,
        "w1",
        { includeGross: true },
        T0 + 1,
      );
      expect(updated).toMatchObject({ id: "w1", includeGross: true, enabled: true, updatedAt: T0 + 1 });
      expect(await stores.handoff.removeEndpoint(ann.dealershipId, "w1")).toBe(true);
      expect(await stores.handoff.endpoints(ann.dealershipId, "webhook")).toEqual([]);
    });

    it("stores events with the change that caused them, delivered to the subscribed, enabled endpoints only", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      const d = ann.dealershipId;
      await stores.handoff.addEndpoint(endpointRow(d, "created", ["quote.created", "quote.deleted"]));
      await stores.handoff.addEndpoint(endpointRow(d, "accepted", ["quote.accepted"]));
      await stores.handoff.addEndpoint(endpointRow(d, "off", ["quote.created"], { enabled: false }));
      await stores.handoff.addEndpoint(endpointRow(bob.dealershipId, "other", ["quote.created"]));
      const row = await createQuote(stores, ann, "q1");
      await stores.quotes.create(
        { ...row, id: "q2" },
        { deal: new Uint8Array(), private: new Uint8Array(), economics: new Uint8Array() },
        [event(d, "quote.created", { quoteId: "q2" })],
      );
      await stores.versions.save(
        version("q2", T0 + 5, "accepted"),
        (n) => dealerEvent(T0 + 5, "accepted", `version ${n}`),
        "accept",
        undefined,
        (n) => [event(d, "quote.accepted", { quoteId: "q2", payload: JSON.stringify({ number: n }) })],
      );
      await stores.quotes.delete("q2", [event(d, "quote.deleted", { quoteId: "q2" })]);
      const leased = await leaseAll(stores, "p1");
      // The head of each endpoint's queue: created (quote.created first), accepted.
      expect(leased.map((l) => [l.endpoint.id, l.event.type, l.event.quoteId])).toEqual([
        ["created", "quote.created", "q2"],
        ["accepted", "quote.accepted", "q2"],
      ]);
      expect(JSON.parse(leased[1]?.event.payload ?? "{}")).toEqual({ number: 1 });
      // Leased: nobody else takes them, and the next of "created" waits for its head.
      expect(await leaseAll(stores, "p2")).toEqual([]);
      expect(
        await stores.handoff.finish(leased[0]?.id ?? 0, "p2", ok, { status: "delivered", nextAttemptAt: T0 }),
      ).toBe(false);
      expect(
        await stores.handoff.finish(leased[0]?.id ?? 0, "p1", ok, { status: "delivered", nextAttemptAt: T0 }),
      ).toEqual({
        failingSince: null,
      });
      const next = await leaseAll(stores, "p2");
      expect(next.map((l) => [l.endpoint.id, l.event.type])).toEqual([["created", "quote.deleted"]]);
    });

    it("stores the opened event only for the first visit since a given instant", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      await stores.handoff.addEndpoint(endpointRow(ann.dealershipId, "w", ["quote.opened"]));
      await createQuote(stores, ann, "q1");
      const opened = (at: number) => ({
        at,
        role: "SHOPPER" as const,
        actor: null,
        field: "opened" as const,
        newValue: null,
      });
      const step = (at: number) =>
        stores.quotes.recordStep("q1", opened(at), undefined, {
          ...event(ann.dealershipId, "quote.opened", { quoteId: "q1" }),
          onlyFirstSince: T0,
        });
      expect(await step(T0 + 10)).not.toBeNull();
      expect(await step(T0 + 20)).not.toBeNull();
      expect(await leaseAll(stores, "p")).toHaveLength(1);
    });

    it("logs each attempt, schedules retries, marks the endpoint failing, and a resend queues the same event again", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      await stores.handoff.addEndpoint(endpointRow(ann.dealershipId, "w", ["quote.created"]));
      await stores.handoff.record(event(ann.dealershipId, "quote.created"));
      const [first] = await leaseAll(stores, "p");
      if (!first) throw new Error("nothing leased");
      expect(first.attempts).toBe(0);
      expect(
        await stores.handoff.finish(first.id, "p", failure, { status: "pending", nextAttemptAt: T0 + 5000 }),
      ).toEqual({
        failingSince: T0 + 10,
      });
      expect(await leaseAll(stores, "p", T0 + 4999)).toEqual([]);
      const [second] = await leaseAll(stores, "p", T0 + 5000);
      expect(second?.attempts).toBe(1);
      await stores.handoff.finish(
        second?.id ?? 0,
        "p",
        { ...failure, at: T0 + 6000 },
        { status: "failed", nextAttemptAt: T0 },
      );
      const log = await stores.handoff.log("w", 10);
      expect(log.map((row) => [row.attempt, row.statusCode, row.ok, row.deliveryStatus])).toEqual([
        [2, 500, false, "failed"],
        [1, 500, false, "failed"],
      ]);
      expect((await stores.handoff.endpoint(ann.dealershipId, "w"))?.failingSince).toBe(T0 + 10);
      expect(await stores.handoff.resend("someone-else", first.id, T0 + 7000)).toBe(false);
      expect(await stores.handoff.resend(ann.dealershipId, first.id, T0 + 7000)).toBe(true);
      const [resent] = await leaseAll(stores, "p", T0 + 7000);
      expect(resent?.event.publicId).toBe(first.event.publicId);
      await stores.handoff.finish(
        resent?.id ?? 0,
        "p",
        { ...ok, at: T0 + 7001 },
        { status: "delivered", nextAttemptAt: T0 },
      );
      expect((await stores.handoff.endpoint(ann.dealershipId, "w"))?.failingSince).toBeNull();
    });

    it("a disabled endpoint gets nothing: its pending deliveries fail and new events pass it by", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      await stores.handoff.addEndpoint(endpointRow(ann.dealershipId, "w", ["quote.created"]));
      await stores.handoff.record(event(ann.dealershipId, "quote.created"));
      await stores.handoff.disable("w", T0 + 1);
      expect(await stores.handoff.endpoint(ann.dealershipId, "w")).toMatchObject({
        enabled: false,
        disabledAt: T0 + 1,
      });
      await stores.handoff.record(event(ann.dealershipId, "quote.created"));
      expect(await leaseAll(stores, "p")).toEqual([]);
      await stores.handoff.updateEndpoint(ann.dealershipId, "w", { enabled: true, disabledAt: null }, T0 + 2);
      expect(await leaseAll(stores, "p")).toEqual([]);
      // A test event goes to its one endpoint whatever it subscribes to.
      await stores.handoff.record(event(ann.dealershipId, "webhook.test", { endpointId: "w" }));
      expect((await leaseAll(stores, "p")).map((l) => l.event.type)).toEqual(["webhook.test"]);
    });
    it("stores a vehicle's status change with its event, and neither when the status moved on", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "stock@example.com");
      const d = ann.dealershipId;
      await stores.handoff.addEndpoint(endpointRow(d, "w-stock", ["inventory.status_changed"]));
      await stores.vehicles.create(vehicleRow(d, "car1"));
      const sold = event(d, "inventory.status_changed");
      expect(
        (await stores.vehicles.setStatus(d, "car1", { from: "available", to: "sold" }, T0 + 1, [sold]))
          ?.status,
      ).toBe("sold");
      // A second writer that read "available" stores neither its change nor its event.
      const late = event(d, "inventory.status_changed");
      expect(
        await stores.vehicles.setStatus(d, "car1", { from: "available", to: "pending" }, T0 + 2, [late]),
      ).toBeUndefined();
      const leased = await leaseAll(stores, "worker");
      expect(leased.map((l) => l.event.publicId)).toEqual([sold.publicId]);
    });
    it("completes a pending payload once: a second completion answers the first one's", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "pending@example.com");
      const pending = event(ann.dealershipId, "quote.payment_requested", { payload: '{"pending":"x"}' });
      await stores.handoff.record(pending);
      expect(await stores.handoff.completePayload(pending.publicId, pending.payload, '{"full":1}')).toBe(
        '{"full":1}',
      );
      expect(await stores.handoff.completePayload(pending.publicId, pending.payload, '{"full":2}')).toBe(
        '{"full":1}',
      );
      expect(await stores.handoff.completePayload("msg_unknown", pending.payload, "{}")).toBeUndefined();
    });
  });
}
