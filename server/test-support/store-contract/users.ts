import { describe, expect, it } from "vitest";
import { QuotesChangedError } from "../../db/repositories/dealerships";
import { EmailTakenError, RegistrationClosedError } from "../../db/repositories/users";
import {
  addMember,
  auditEntry,
  type CurrentStores,
  createQuote,
  invite,
  nextId,
  ownerRow,
  PROFILE,
  registerOwner,
  T0,
} from "./fixtures";

// The storage contract for accounts: users (registration, invitations, roles, removal) and
// password-reset tokens.

export function usersContract(current: CurrentStores): void {
  describe("users", () => {
    it("registers a dealership and its owner together, and finds the owner by id and by email", async () => {
      const stores = current();
      expect(await stores.dealerships.any()).toBe(false);
      const given = ownerRow("ann@example.com");
      const owner = await stores.users.registerOwner(PROFILE, given);
      expect(owner).toEqual({ ...given, dealershipId: owner.dealershipId, role: "owner" });
      expect(owner.dealershipId).not.toBe("");
      expect(await stores.dealerships.any()).toBe(true);
      expect(await stores.dealerships.profile(owner.dealershipId)).toEqual(PROFILE);
      expect(await stores.users.byId(owner.id)).toEqual(owner);
      expect(await stores.users.byEmail("ann@example.com")).toEqual(owner);
      expect(await stores.users.byId("nobody")).toBeUndefined();
      expect(await stores.users.byEmail("nobody@example.com")).toBeUndefined();
      expect(await stores.users.members(owner.dealershipId)).toEqual([owner]);
    });

    it("REGISTRATION=first: only while no dealership exists; a later one is RegistrationClosedError and creates nothing", async () => {
      const stores = current();
      const first = await stores.users.registerOwner(PROFILE, ownerRow("ann@example.com"), {
        onlyFirst: true,
      });
      await expect(
        stores.users.registerOwner(PROFILE, ownerRow("bob@example.com"), { onlyFirst: true }),
      ).rejects.toBeInstanceOf(RegistrationClosedError);
      expect(await stores.users.byEmail("bob@example.com")).toBeUndefined();
      expect(await stores.users.all()).toEqual([first]);
      // Without the option (REGISTRATION=open) a second dealership is fine.
      await registerOwner(stores, "cat@example.com");
      expect(await stores.users.all()).toHaveLength(2);
    });

    it("REGISTRATION=first: of 20 sign-ups at the same moment exactly one creates a dealership", async () => {
      const stores = current();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          stores.users.registerOwner(PROFILE, ownerRow(`racer${i}@example.com`), { onlyFirst: true }),
        ),
      );
      const created = results.filter((r) => r.status === "fulfilled");
      expect(created).toHaveLength(1);
      for (const r of results)
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(RegistrationClosedError);
      expect(await stores.users.all()).toHaveLength(1);
    });

    it("refuses a second registration with a taken email as EmailTakenError, keeping the first", async () => {
      const stores = current();
      const first = await registerOwner(stores, "ann@example.com");
      await expect(stores.users.registerOwner(PROFILE, ownerRow("ann@example.com"))).rejects.toBeInstanceOf(
        EmailTakenError,
      );
      expect(await stores.users.byEmail("ann@example.com")).toEqual(first);
    });

    it("updates the user's own fields with updated_at; a taken email is EmailTakenError and changes nothing", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      const before = Date.now();
      const updated = await stores.users.update(ann.id, { firstName: "Anne", tokensValidAfter: T0 + 5 });
      expect(updated).toEqual({
        ...ann,
        firstName: "Anne",
        tokensValidAfter: T0 + 5,
        updatedAt: updated?.updatedAt,
      });
      expect(updated?.updatedAt).toBeGreaterThanOrEqual(before);
      expect(await stores.users.byId(ann.id)).toEqual(updated);
      await expect(stores.users.update(ann.id, { email: "bob@example.com" })).rejects.toBeInstanceOf(
        EmailTakenError,
      );
      expect((await stores.users.byId(ann.id))?.email).toBe("ann@example.com");
      expect(await stores.users.byId(bob.id)).toEqual(bob);
      expect(await stores.users.update("nobody", { firstName: "X" })).toBeUndefined();
    });

    it("answers tokens_valid_after of the users that still exist", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const sam = await addMember(stores, ann, "sam@example.com", "salesperson");
      await stores.users.update(sam.id, { tokensValidAfter: T0 + 77 });
      const map = await stores.users.tokensValidAfter([ann.id, sam.id, "nobody"]);
      expect([...map.entries()].sort()).toEqual(
        [
          [ann.id, T0],
          [sam.id, T0 + 77],
        ].sort(),
      );
      expect((await stores.users.tokensValidAfter([])).size).toBe(0);
    });

    it("finds a member only within their own dealership", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      const sam = await addMember(stores, ann, "sam@example.com", "manager");
      expect(await stores.users.member(ann.dealershipId, sam.id)).toEqual(sam);
      expect(await stores.users.member(bob.dealershipId, sam.id)).toBeUndefined();
      expect(await stores.users.member(ann.dealershipId, "nobody")).toBeUndefined();
      const members = await stores.users.members(ann.dealershipId);
      expect(members.map((m) => m.id).sort()).toEqual([ann.id, sam.id].sort());
      expect(await stores.users.members(bob.dealershipId)).toEqual([bob]);
      // Every account of the server, by email.
      expect((await stores.users.all()).map((u) => u.email)).toEqual([
        "ann@example.com",
        "bob@example.com",
        "sam@example.com",
      ]);
    });

    it("accepts an invitation once: the member gets its email, dealership and role, and the audit its line", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const tokenHash = await invite(stores, ann, "sam@example.com", "manager");
      const id = nextId("member");
      const member = await stores.users.acceptInvitation(
        tokenHash,
        T0 + 10,
        { id, passwordHash: "sam-hash", firstName: "Sam", lastName: "Seller" },
        (user) => auditEntry(user, "joined", `${user.email} as ${user.role}`, T0 + 10),
      );
      expect(member).toEqual({
        id,
        email: "sam@example.com",
        passwordHash: "sam-hash",
        firstName: "Sam",
        lastName: "Seller",
        dealershipId: ann.dealershipId,
        role: "manager",
        tokensValidAfter: T0 + 10,
        createdAt: T0 + 10,
        updatedAt: T0 + 10,
      });
      expect(await stores.users.byId(id)).toEqual(member);
      const again = await stores.users.acceptInvitation(
        tokenHash,
        T0 + 11,
        { id: nextId("member"), passwordHash: "x", firstName: "Eve", lastName: "Twice" },
        (user) => auditEntry(user, "joined", user.email),
      );
      expect(again).toBeNull();
      expect(await stores.dealerships.audit(ann.dealershipId, 10)).toEqual([
        auditEntry(member!, "joined", "sam@example.com as manager", T0 + 10),
        auditEntry(ann, "invited", "sam@example.com as manager"),
      ]);
    });

    it("refuses an unknown or expired invitation with null and writes nothing", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const tokenHash = await invite(stores, ann, "sam@example.com", "salesperson", T0 + 100);
      const join = (hash: string, now: number) =>
        stores.users.acceptInvitation(
          hash,
          now,
          { id: nextId("member"), passwordHash: "x", firstName: "Sam", lastName: "Seller" },
          (user) => auditEntry(user, "joined", user.email, now),
        );
      expect(await join("unknown-hash", T0)).toBeNull();
      // Expired at its expiry instant: valid strictly before it.
      expect(await join(tokenHash, T0 + 100)).toBeNull();
      expect(await stores.users.byEmail("sam@example.com")).toBeUndefined();
      expect(await stores.dealerships.audit(ann.dealershipId, 10)).toHaveLength(1);
      expect(await join(tokenHash, T0 + 99)).toMatchObject({ email: "sam@example.com", role: "salesperson" });
    });

    it("refuses an invitation whose email was taken meanwhile with EmailTakenError; the invitation stays unused", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const tokenHash = await invite(stores, ann, "sam@example.com", "salesperson");
      const other = await registerOwner(stores, "sam@example.com");
      const join = () =>
        stores.users.acceptInvitation(
          tokenHash,
          T0 + 10,
          { id: nextId("member"), passwordHash: "x", firstName: "Sam", lastName: "Seller" },
          (user) => auditEntry(user, "joined", user.email, T0 + 10),
        );
      await expect(join()).rejects.toBeInstanceOf(EmailTakenError);
      expect(await stores.users.members(ann.dealershipId)).toEqual([ann]);
      expect(await stores.dealerships.audit(ann.dealershipId, 10)).toHaveLength(1);
      // Once the address is free again, the same invitation still works.
      await stores.users.update(other.id, { email: "sam.elsewhere@example.com" });
      expect(await join()).toMatchObject({ email: "sam@example.com", dealershipId: ann.dealershipId });
    });

    it("changes a role: tokens issued before now die, and the audit has its line", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const sam = await addMember(stores, ann, "sam@example.com", "salesperson");
      const audit = auditEntry(ann, "role changed", "Sam Seller: Salesperson → Manager", T0 + 500);
      await stores.users.changeRole(sam.id, "manager", T0 + 500, audit);
      expect(await stores.users.byId(sam.id)).toEqual({
        ...sam,
        role: "manager",
        tokensValidAfter: T0 + 500,
        updatedAt: T0 + 500,
      });
      expect((await stores.users.tokensValidAfter([sam.id])).get(sam.id)).toBe(T0 + 500);
      expect((await stores.dealerships.audit(ann.dealershipId, 1))[0]).toEqual(audit);
    });

    it("removes a member: their quotes pass to the heir, other quotes stay, and the audit has its line", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const sam = await addMember(stores, ann, "sam@example.com", "salesperson");
      const kim = await addMember(stores, ann, "kim@example.com", "salesperson", "Kim");
      await createQuote(stores, sam, "q-sam-1");
      await createQuote(stores, sam, "q-sam-2", { createdAt: T0 + 1 });
      await createQuote(stores, kim, "q-kim");
      const audit = auditEntry(ann, "removed", "Sam Seller (sam@example.com), Salesperson", T0 + 900);
      // Issue #39: the caller built events for the quotes it read; a list that is not the member's
      // quotes (one made meanwhile) stores nothing at all.
      const event = (quoteId: string) => ({
        publicId: `msg_${quoteId}`,
        dealershipId: ann.dealershipId,
        type: "quote.reassigned",
        quoteId,
        createdAt: T0 + 900,
        payload: "{}",
      });
      await expect(
        stores.users.remove(sam.id, ann.id, audit, { quoteIds: ["q-sam-1"], events: [event("q-sam-1")] }),
      ).rejects.toBeInstanceOf(QuotesChangedError);
      expect((await stores.users.byId(sam.id))?.id).toBe(sam.id);
      expect((await stores.quotes.find("q-sam-1"))?.salespersonId).toBe(sam.id);
      await stores.users.remove(sam.id, ann.id, audit, {
        quoteIds: ["q-sam-2", "q-sam-1"],
        events: [event("q-sam-1"), event("q-sam-2")],
      });
      expect(await stores.users.byId(sam.id)).toBeUndefined();
      expect(await stores.users.member(ann.dealershipId, sam.id)).toBeUndefined();
      expect((await stores.users.tokensValidAfter([sam.id, ann.id])).has(sam.id)).toBe(false);
      expect((await stores.quotes.find("q-sam-1"))?.salespersonId).toBe(ann.id);
      expect((await stores.quotes.find("q-sam-2"))?.salespersonId).toBe(ann.id);
      expect((await stores.quotes.find("q-kim"))?.salespersonId).toBe(kim.id);
      const owned = await stores.quotes.list({ dealershipId: ann.dealershipId, salespersonId: ann.id });
      expect(owned.map((q) => q.id)).toEqual(["q-sam-2", "q-sam-1"]);
      expect((await stores.dealerships.audit(ann.dealershipId, 1))[0]).toEqual(audit);
    });
  });

  describe("reset tokens", () => {
    const token = (userId: string, tokenHash: string, expiresAt = T0 + 1000) => ({
      id: nextId("reset"),
      userId,
      tokenHash,
      expiresAt,
      createdAt: T0,
    });

    it("consumes a token once, and not at or after its expiry", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      await stores.resetTokens.replace(token(ann.id, "hash-1"));
      expect(await stores.resetTokens.consume("unknown", T0)).toBeNull();
      expect(await stores.resetTokens.consume("hash-1", T0 + 1000)).toBeNull();
      expect(await stores.resetTokens.consume("hash-1", T0 + 999)).toBe(ann.id);
      expect(await stores.resetTokens.consume("hash-1", T0 + 999)).toBeNull();
    });

    it("keeps only the newest token of a user, and drops them all on request", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      await stores.resetTokens.replace(token(ann.id, "ann-old"));
      await stores.resetTokens.replace(token(ann.id, "ann-new"));
      await stores.resetTokens.replace(token(bob.id, "bob-1"));
      expect(await stores.resetTokens.consume("ann-old", T0)).toBeNull();
      expect(await stores.resetTokens.consume("ann-new", T0)).toBe(ann.id);
      await stores.resetTokens.replace(token(ann.id, "ann-3"));
      await stores.resetTokens.drop(ann.id);
      expect(await stores.resetTokens.consume("ann-3", T0)).toBeNull();
      expect(await stores.resetTokens.consume("bob-1", T0)).toBe(bob.id);
    });
  });
}
