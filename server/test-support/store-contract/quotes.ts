import { dealDocName, economicsDocName, privateDocName } from "@shared/live/quote-doc";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  auditEntry,
  bytes,
  type CurrentStores,
  createQuote,
  dealerEvent,
  documentStates,
  quoteRow,
  registerOwner,
  T0,
  team,
  version,
} from "./fixtures";

// The storage contract for quotes: rows and documents, listing and scoping, renewal,
// reassignment, the out-the-door backfill cursor and acceptance signals.

export function quotesContract(current: CurrentStores): void {
  describe("quotes and documents", () => {
    it("creates the quote row and its three documents; find and load answer exactly them", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const row = quoteRow(ann, "q1", { customerName: "Pat", outTheDoorCents: 314_159 });
      const states = documentStates("2024 Civic");
      await stores.quotes.create(row, states);
      expect(await stores.quotes.find("q1")).toEqual(row);
      expect(await stores.quotes.find("q-none")).toBeUndefined();
      const deal = await stores.documents.load(dealDocName("q1"));
      expect(deal && { ...deal, state: bytes(deal.state) }).toEqual({
        state: bytes(states.deal),
        updates: [],
        updatesV1: [],
        lastSeq: 0,
      });
      const restored = new Y.Doc();
      Y.applyUpdateV2(restored, deal!.state);
      expect(restored.getMap("deal").get("vehicle")).toBe("2024 Civic");
      const priv = await stores.documents.load(privateDocName("q1"));
      expect(priv && bytes(priv.state)).toEqual(bytes(states.private));
      const economics = await stores.documents.load(economicsDocName("q1"));
      expect(economics && bytes(economics.state)).toEqual(bytes(states.economics));
      expect(await stores.documents.load(dealDocName("q-none"))).toBeNull();
    });

    it("moves nothing for a quote that has its economics document or does not exist (issue #38)", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "q-three");
      expect(await stores.documents.quotesWithoutEconomics("", 100)).toEqual([]);
      const before = await stores.documents.load(privateDocName("q-three"));
      let asked = 0;
      const split = () => {
        asked += 1;
        return { economics: new Uint8Array([0, 0]), privateUpdate: null };
      };
      expect(await stores.documents.moveEconomics("q-three", split)).toBe(false);
      expect(await stores.documents.moveEconomics("q-none", split)).toBe(false);
      expect(asked).toBe(0);
      expect(await stores.documents.load(privateDocName("q-three"))).toEqual(before);
      expect(await stores.documents.load(economicsDocName("q-none"))).toBeNull();
    });

    it("creates the row and the documents together or not at all", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "x");
      // Quote "x/private" is new, but its deal document's name is taken by x's private document.
      await expect(stores.quotes.create(quoteRow(ann, "x/private"), documentStates("B"))).rejects.toThrow();
      expect(await stores.quotes.find("x/private")).toBeUndefined();
      expect(await stores.documents.load(privateDocName("x/private"))).toBeNull();
      expect((await stores.quotes.list({ dealershipId: ann.dealershipId })).map((q) => q.id)).toEqual(["x"]);
    });

    it("lists a scope's quotes newest first with the listing columns only", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      const bob = await registerOwner(stores, "bob@example.com");
      expect(await stores.quotes.any(ann.dealershipId)).toBe(false);
      const old = await createQuote(stores, ann, "q-old", { createdAt: T0 - 2000, customerName: "Old" });
      const mid = await createQuote(stores, sam, "q-mid", {
        createdAt: T0 - 1000,
        outTheDoorCents: 2_500_000,
        grossCents: 215_000,
      });
      const recent = await createQuote(stores, ann, "q-new", { createdAt: T0, lockedAt: T0 + 5 });
      await createQuote(stores, bob, "q-bob");
      const listed = (q: typeof old) => ({
        id: q.id,
        createdAt: q.createdAt,
        expiresAt: q.expiresAt,
        vehicleDescription: q.vehicleDescription,
        customerName: q.customerName,
        salespersonId: q.salespersonId,
        outTheDoorCents: q.outTheDoorCents,
        lockedAt: q.lockedAt,
        grossCents: q.grossCents,
      });
      expect(await stores.quotes.list({ dealershipId: ann.dealershipId })).toEqual(
        [recent, mid, old].map(listed),
      );
      expect(await stores.quotes.list({ dealershipId: ann.dealershipId, salespersonId: sam.id })).toEqual([
        listed(mid),
      ]);
      expect(await stores.quotes.list({ dealershipId: bob.dealershipId, salespersonId: sam.id })).toEqual([]);
      expect(await stores.quotes.any(ann.dealershipId)).toBe(true);
      expect(await stores.quotes.any("nowhere")).toBe(false);
    });

    it("deletes a quote with its documents, versions and history, and nothing of another quote", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "q-gone");
      await createQuote(stores, ann, "q-kept");
      for (const id of ["q-gone", "q-kept"]) {
        await stores.versions.save(version(id, T0 + 1), (n) =>
          dealerEvent(T0 + 1, "version", `version ${n}`),
        );
        await stores.quotes.renew(id, T0 + 99, dealerEvent(T0 + 2, "expiresAt", "later"));
      }
      await stores.quotes.delete("q-gone");
      expect(await stores.quotes.find("q-gone")).toBeUndefined();
      expect(await stores.documents.load(dealDocName("q-gone"))).toBeNull();
      expect(await stores.documents.load(privateDocName("q-gone"))).toBeNull();
      expect(await stores.documents.load(economicsDocName("q-gone"))).toBeNull();
      expect(await stores.versions.list("q-gone")).toEqual([]);
      expect(await stores.versions.latest("q-gone")).toBeUndefined();
      expect(await stores.versions.read("q-gone", 1)).toBeUndefined();
      expect(await stores.history.read("q-gone", 500)).toEqual([]);
      expect(await stores.quotes.find("q-kept")).toBeDefined();
      expect(await stores.documents.load(dealDocName("q-kept"))).not.toBeNull();
      expect(await stores.versions.list("q-kept")).toHaveLength(1);
      expect(await stores.history.read("q-kept", 500)).toHaveLength(2);
    });

    it("renews: a new expiry and updated_at, and the history row answered with its id", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const row = await createQuote(stores, ann, "q1");
      const event = dealerEvent(T0 + 50, "expiresAt", "2026-12-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z");
      const recorded = await stores.quotes.renew("q1", T0 + 9_000_000, event);
      expect(recorded).toEqual({ ...event, id: recorded.id });
      expect(typeof recorded.id).toBe("number");
      expect(await stores.quotes.find("q1")).toEqual({
        ...row,
        expiresAt: T0 + 9_000_000,
        updatedAt: T0 + 50,
        stateSeq: 1,
      });
      expect(await stores.history.read("q1", 500)).toEqual([recorded]);
    });

    it("reassigns a quote with its history row and audit line", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      const row = await createQuote(stores, sam, "q1");
      const event = dealerEvent(T0 + 60, "salesperson", "Ann Lee", "Sam Seller");
      const audit = auditEntry(ann, "reassigned", "Vehicle of q1: Sam Seller → Ann Lee", T0 + 60);
      await stores.quotes.reassign("q1", ann.id, event, audit);
      expect(await stores.quotes.find("q1")).toEqual({ ...row, salespersonId: ann.id, stateSeq: 1 });
      const [history] = await stores.history.read("q1", 500);
      expect(history).toEqual({ ...event, id: history?.id });
      expect((await stores.dealerships.audit(ann.dealershipId, 1))[0]).toEqual(audit);
    });

    it("moves each quote's state seq with every change of its lifecycle, and answers the seqs of the quotes still there", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      await createQuote(stores, sam, "q1");
      await createQuote(stores, ann, "q2");
      expect(await stores.quotes.stateSeqs(["q1", "q2", "missing"])).toEqual(
        new Map([
          ["q1", 0],
          ["q2", 0],
        ]),
      );
      expect(await stores.quotes.stateSeqs([])).toEqual(new Map());
      await stores.quotes.reassign(
        "q1",
        ann.id,
        dealerEvent(T0 + 60, "salesperson", "Ann Lee", "Sam Seller"),
        auditEntry(ann, "reassigned", "Vehicle of q1: Sam Seller → Ann Lee", T0 + 60),
      );
      expect((await stores.quotes.find("q1"))?.stateSeq).toBe(1);
      expect((await stores.quotes.find("q2"))?.stateSeq).toBe(0);
      // A member's role or membership: every quote of the dealership is judged again.
      await stores.users.changeRole(
        sam.id,
        "manager",
        T0 + 70,
        auditEntry(ann, "role changed", "Sam", T0 + 70),
      );
      expect(await stores.quotes.stateSeqs(["q1", "q2"])).toEqual(
        new Map([
          ["q1", 2],
          ["q2", 1],
        ]),
      );
      await stores.users.remove(sam.id, ann.id, auditEntry(ann, "removed", "Sam", T0 + 80));
      expect(await stores.quotes.stateSeqs(["q1", "q2"])).toEqual(
        new Map([
          ["q1", 3],
          ["q2", 2],
        ]),
      );
      await stores.quotes.delete("q2");
      expect(await stores.quotes.stateSeqs(["q1", "q2"])).toEqual(new Map([["q1", 3]]));
    });
    it("moves its state clock (where it has one) with every state seq and deletion, and not with other writes (issue #52)", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      await createQuote(stores, sam, "q1");
      await createQuote(stores, ann, "q2");
      const first = await stores.quotes.stateClock();
      if (first === null) {
        expect(stores.kind).toBe("postgres");
        return;
      }
      // A listing figure is no state: the clock stays.
      await stores.quotes.setListingFigures("q1", {
        outTheDoorCents: 1_999_900,
        stockNumber: "A-17",
        selectedStructure: "Cash",
        monthlyCents: null,
      });
      expect(await stores.quotes.stateClock()).toBe(first);
      await stores.quotes.reassign(
        "q1",
        ann.id,
        dealerEvent(T0 + 60, "salesperson", "Ann Lee", "Sam Seller"),
        auditEntry(ann, "reassigned", "Vehicle of q1: Sam Seller → Ann Lee", T0 + 60),
      );
      const second = await stores.quotes.stateClock();
      expect(second).not.toBe(first);
      expect(await stores.quotes.stateClock()).toBe(second);
      await stores.quotes.delete("q2");
      expect(await stores.quotes.stateClock()).not.toBe(second);
    });
    it("walks the quotes without their listing figures in id order after a cursor", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const bob = await registerOwner(stores, "bob@example.com");
      // Lower-case ids of one length sort the same in every collation.
      await createQuote(stores, ann, "qd");
      await createQuote(stores, bob, "qa");
      await createQuote(stores, ann, "qc", { outTheDoorCents: 100, stockNumber: "" });
      await createQuote(stores, ann, "qb");
      await createQuote(stores, ann, "qe");
      // Priced before the export's columns existed (migration 0010): still to fill.
      await createQuote(stores, ann, "qf", { outTheDoorCents: 100 });
      expect(await stores.quotes.withoutListingFigures("", 2)).toEqual(["qa", "qb"]);
      expect(await stores.quotes.withoutListingFigures("qb", 2)).toEqual(["qd", "qe"]);
      expect(await stores.quotes.withoutListingFigures("qe", 2)).toEqual(["qf"]);
      const figures = {
        outTheDoorCents: 1_999_900,
        stockNumber: "A-17",
        selectedStructure: "Finance 60 mo, $2,000.00 down",
        monthlyCents: 35_010,
      };
      await stores.quotes.setListingFigures("qd", figures);
      expect(await stores.quotes.find("qd")).toMatchObject(figures);
      await stores.quotes.setListingFigures("qc", {
        outTheDoorCents: null,
        stockNumber: "",
        selectedStructure: null,
        monthlyCents: null,
      });
      expect((await stores.quotes.find("qc"))?.outTheDoorCents).toBeNull();
      expect(await stores.quotes.withoutListingFigures("qa", 10)).toEqual(["qb", "qc", "qe", "qf"]);
    });

    it("keeps the desk log's total gross (issue #38): written, replaced, cleared, listed", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "qg", { grossCents: -12_345 });
      await createQuote(stores, ann, "qh");
      const gross = async () =>
        Object.fromEntries(
          (await stores.quotes.list({ dealershipId: ann.dealershipId })).map((q) => [q.id, q.grossCents]),
        );
      expect(await gross()).toEqual({ qg: -12_345, qh: null });
      await stores.quotes.setListingGross("qh", 287_550);
      await stores.quotes.setListingGross("qg", null);
      expect(await gross()).toEqual({ qg: null, qh: 287_550 });
      expect((await stores.quotes.find("qh"))?.grossCents).toBe(287_550);
      // The other listing figures leave it alone, and it leaves them alone.
      await stores.quotes.setListingFigures("qh", {
        outTheDoorCents: 100,
        stockNumber: "",
        selectedStructure: null,
        monthlyCents: null,
      });
      expect(await stores.quotes.find("qh")).toMatchObject({ outTheDoorCents: 100, grossCents: 287_550 });
      const rows = await stores.analytics.exportRows({ dealershipId: ann.dealershipId }, null, null);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.grossCents]))).toEqual({
        qg: null,
        qh: 287_550,
      });
    });

    it("records a step unless one of its kind is recent, keeping the first time on the quote", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "qo");
      const opened = {
        at: T0 + 1000,
        role: "SHOPPER" as const,
        actor: null,
        field: "opened" as const,
        newValue: null,
      };
      const first = await stores.quotes.recordStep("qo", opened, 60_000);
      expect(first).toEqual({ ...opened, oldValue: null, id: first?.id });
      expect(await stores.quotes.recordStep("qo", { ...opened, at: T0 + 60_999 }, 60_000)).toBeNull();
      expect(await stores.quotes.recordStep("qo", { ...opened, at: T0 + 61_000 }, 60_000)).not.toBeNull();
      expect(
        await stores.quotes.recordStep("qo", { ...opened, at: T0 + 61_001, field: "shared" as const }),
      ).not.toBeNull();
      expect((await stores.history.read("qo", 10)).map((e) => e.field)).toEqual([
        "shared",
        "opened",
        "opened",
      ]);
      expect(await stores.quotes.find("qo")).toMatchObject({ openedAt: T0 + 1000, sharedAt: T0 + 61_001 });
      // An earlier share recorded late (another process) still moves the first time back.
      await stores.quotes.recordStep("qo", { ...opened, at: T0 + 500, field: "shared" as const });
      expect((await stores.quotes.find("qo"))?.sharedAt).toBe(T0 + 500);
    });

    it("answers deals accepted since a time, newest first, within the scope, at most `limit`", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      const bob = await registerOwner(stores, "bob@example.com");
      const accept = async (id: string, at: number) =>
        stores.versions.save(
          version(id, at, "accepted"),
          (n) => ({ at, role: "SHOPPER", actor: null, field: "accepted", newValue: `version ${n}` }),
          "accept",
        );
      await createQuote(stores, ann, "q-early");
      await createQuote(stores, ann, "q-ann", { customerName: "Pat" });
      await createQuote(stores, sam, "q-sam");
      await createQuote(stores, ann, "q-unlocked");
      await createQuote(stores, ann, "q-open");
      await createQuote(stores, bob, "q-bob");
      await accept("q-early", T0 - 10);
      await stores.versions.save(version("q-ann", T0), (n) => dealerEvent(T0, "version", `version ${n}`));
      await accept("q-ann", T0 + 30);
      await accept("q-sam", T0 + 20);
      await accept("q-unlocked", T0 + 40);
      await stores.quotes.unlock("q-unlocked", dealerEvent(T0 + 41, "unlocked", "version 1"));
      await accept("q-bob", T0 + 50);
      const accepted = (id: string, acceptedVersion: number, lockedAt: number, customerName = "") => ({
        id,
        acceptedVersion,
        lockedAt,
        vehicleDescription: `Vehicle of ${id}`,
        customerName,
      });
      const dealership = { dealershipId: ann.dealershipId };
      expect(await stores.quotes.acceptedSince(dealership, T0, 50)).toEqual([
        accepted("q-ann", 2, T0 + 30, "Pat"),
        accepted("q-sam", 1, T0 + 20),
      ]);
      expect(await stores.quotes.acceptedSince(dealership, T0 - 10, 1)).toEqual([
        accepted("q-ann", 2, T0 + 30, "Pat"),
      ]);
      expect((await stores.quotes.acceptedSince(dealership, T0 - 10, 50)).map((q) => q.id)).toEqual([
        "q-ann",
        "q-sam",
        "q-early",
      ]);
      expect(await stores.quotes.acceptedSince({ ...dealership, salespersonId: sam.id }, 0, 50)).toEqual([
        accepted("q-sam", 1, T0 + 20),
      ]);
    });

    it("answers the labels of the given quotes within the scope only", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      const bob = await registerOwner(stores, "bob@example.com");
      await createQuote(stores, ann, "q-ann", { customerName: "Pat" });
      await createQuote(stores, sam, "q-sam");
      await createQuote(stores, bob, "q-bob");
      const ids = ["q-ann", "q-sam", "q-bob", "q-none"];
      const labels = await stores.quotes.labels({ dealershipId: ann.dealershipId }, ids);
      expect(labels.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        { id: "q-ann", vehicleDescription: "Vehicle of q-ann", customerName: "Pat" },
        { id: "q-sam", vehicleDescription: "Vehicle of q-sam", customerName: "" },
      ]);
      expect(
        await stores.quotes.labels({ dealershipId: ann.dealershipId, salespersonId: sam.id }, ids),
      ).toEqual([{ id: "q-sam", vehicleDescription: "Vehicle of q-sam", customerName: "" }]);
      expect(await stores.quotes.labels({ dealershipId: ann.dealershipId }, [])).toEqual([]);
    });
  });
}
