import { describe, expect, it } from "vitest";
import type { RestEvent } from "../../db/repositories/history";
import { type CurrentStores, createQuote, dealerEvent, T0, team, version } from "./fixtures";

// The storage contract for versions (numbering, lock effects) and the quote's history.

export function versionsContract(current: CurrentStores): void {
  describe("versions and history", () => {
    it("numbers versions 1, 2, 3 per quote and reads them back, newest first", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "q1");
      await createQuote(stores, ann, "q2");
      expect(await stores.versions.latest("q1")).toBeUndefined();
      const numbers: number[] = [];
      for (const [i, kind] of ["saved", "saved", "counter"].entries()) {
        const saved = await stores.versions.save(version("q1", T0 + i, kind), (n) => {
          numbers.push(n);
          return dealerEvent(T0 + i, "version", `version ${n}`);
        });
        expect(saved).toEqual({
          number: i + 1,
          event: { ...dealerEvent(T0 + i, "version", `version ${i + 1}`), id: saved.event.id },
        });
      }
      expect(numbers).toEqual([1, 2, 3]);
      expect(
        (await stores.versions.save(version("q2", T0), () => dealerEvent(T0, "version", "v"))).number,
      ).toBe(1);
      expect(await stores.versions.latest("q1")).toEqual({ number: 3, kind: "counter" });
      const listed = (n: number, kind: string) => {
        const { createdAt, actor, fingerprint } = version("q1", T0 + n - 1, kind);
        return { kind, createdAt, actor, fingerprint, number: n };
      };
      expect(await stores.versions.list("q1")).toEqual([
        listed(3, "counter"),
        listed(2, "saved"),
        listed(1, "saved"),
      ]);
      expect(await stores.versions.read("q1", 2)).toEqual({ ...version("q1", T0 + 1), number: 2 });
      expect(await stores.versions.read("q1", 4)).toBeUndefined();
      expect((await stores.history.read("q1", 500)).map((e) => e.newValue)).toEqual([
        "version 3",
        "version 2",
        "version 1",
      ]);
    });

    it("locks on acceptance (at the version's time, with its number), unlocks on a counter-offer or unlock", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const row = await createQuote(stores, ann, "q1");
      await stores.versions.save(version("q1", T0 + 1), (n) =>
        dealerEvent(T0 + 1, "version", `version ${n}`),
      );
      expect(await stores.quotes.find("q1")).toEqual(row);
      const shopper = (at: number, n: number): RestEvent => ({
        at,
        role: "SHOPPER",
        actor: null,
        field: "accepted",
        newValue: `version ${n}`,
      });
      await stores.versions.save(version("q1", T0 + 2, "accepted"), (n) => shopper(T0 + 2, n), "accept");
      expect(await stores.quotes.find("q1")).toEqual({
        ...row,
        lockedAt: T0 + 2,
        acceptedVersion: 2,
        stateSeq: 1,
        acceptedAt: T0 + 2,
      });
      // A version without a lock effect leaves the lock alone.
      await stores.versions.save(version("q1", T0 + 3), (n) =>
        dealerEvent(T0 + 3, "version", `version ${n}`),
      );
      expect((await stores.quotes.find("q1"))?.lockedAt).toBe(T0 + 2);
      await stores.versions.save(
        version("q1", T0 + 4, "counter"),
        (n) => dealerEvent(T0 + 4, "counterOffer", `version ${n}`),
        "unlock",
      );
      expect(await stores.quotes.find("q1")).toEqual({
        ...row,
        lockedAt: null,
        acceptedVersion: 2,
        stateSeq: 2,
        acceptedAt: T0 + 2,
      });
      await stores.versions.save(version("q1", T0 + 5, "accepted"), (n) => shopper(T0 + 5, n), "accept");
      expect(await stores.quotes.find("q1")).toEqual({
        ...row,
        lockedAt: T0 + 5,
        acceptedVersion: 5,
        stateSeq: 3,
        acceptedAt: T0 + 2,
      });
      const event = dealerEvent(T0 + 6, "unlocked", "version 5");
      const unlocked = await stores.quotes.unlock("q1", event);
      expect(unlocked).toEqual({ ...event, id: unlocked.id });
      expect(await stores.quotes.find("q1")).toEqual({
        ...row,
        lockedAt: null,
        acceptedVersion: 5,
        stateSeq: 4,
        acceptedAt: T0 + 2,
      });
    });

    it("reads history newest first by time then id, roles as DEALER or SHOPPER, at most `limit`", async () => {
      const stores = current();
      const { ann } = await team(stores);
      await createQuote(stores, ann, "q1");
      await createQuote(stores, ann, "q2");
      const a = await stores.quotes.renew("q1", T0 + 1, dealerEvent(T0 + 100, "expiresAt", "a"));
      const b = await stores.quotes.unlock("q1", {
        at: T0 + 300,
        role: "SHOPPER",
        actor: null,
        field: "unlocked",
        newValue: "b",
      });
      const c = await stores.quotes.renew("q1", T0 + 2, dealerEvent(T0 + 200, "expiresAt", "c", "was"));
      const d = await stores.quotes.renew("q1", T0 + 3, dealerEvent(T0 + 300, "expiresAt", "d"));
      await stores.quotes.renew("q2", T0 + 4, dealerEvent(T0 + 999, "expiresAt", "other quote"));
      expect(await stores.history.read("q1", 500)).toEqual([
        {
          id: d.id,
          at: T0 + 300,
          role: "DEALER",
          actor: "Ann (owner)",
          field: "expiresAt",
          oldValue: null,
          newValue: "d",
        },
        {
          id: b.id,
          at: T0 + 300,
          role: "SHOPPER",
          actor: null,
          field: "unlocked",
          oldValue: null,
          newValue: "b",
        },
        {
          id: c.id,
          at: T0 + 200,
          role: "DEALER",
          actor: "Ann (owner)",
          field: "expiresAt",
          oldValue: "was",
          newValue: "c",
        },
        {
          id: a.id,
          at: T0 + 100,
          role: "DEALER",
          actor: "Ann (owner)",
          field: "expiresAt",
          oldValue: null,
          newValue: "a",
        },
      ]);
      expect(d.id).toBeGreaterThan(b.id);
      expect((await stores.history.read("q1", 2)).map((e) => e.newValue)).toEqual(["d", "b"]);
      expect(await stores.history.read("q-none", 500)).toEqual([]);
    });
  });
}
