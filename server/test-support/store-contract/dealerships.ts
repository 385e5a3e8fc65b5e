import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { describe, expect, it } from "vitest";
import type { UserRow } from "../../db/repositories/users";
import {
  addMember,
  auditEntry,
  type CurrentStores,
  createQuote,
  invite,
  nextId,
  PROFILE,
  registerOwner,
  T0,
} from "./fixtures";

// The storage contract for dealerships: profile, first-run checklist and the team audit.

export function dealershipsContract(current: CurrentStores): void {
  describe("dealerships", () => {
    it("answers the empty profile for an unknown id and stores a profile update", async () => {
      const stores = current();
      expect(await stores.dealerships.profile("nowhere")).toEqual(EMPTY_DEALER_PROFILE);
      const ann = await registerOwner(stores, "ann@example.com", {
        ...EMPTY_DEALER_PROFILE,
        dealershipName: "A",
      });
      expect(await stores.dealerships.profile(ann.dealershipId)).toEqual({
        ...EMPTY_DEALER_PROFILE,
        dealershipName: "A",
      });
      const before = Date.now();
      await stores.dealerships.updateProfile(ann.dealershipId, PROFILE);
      expect(await stores.dealerships.profile(ann.dealershipId)).toEqual(PROFILE);
      const { row } = await stores.dealerships.checklist(ann.dealershipId);
      expect(row?.updatedAt).toBeGreaterThanOrEqual(before);
    });

    it("keeps the first checklist mark and tells whether the dealership has a quote", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      const fresh = await stores.dealerships.checklist(ann.dealershipId);
      expect(fresh.hasQuote).toBe(false);
      expect(fresh.row).toMatchObject({
        id: ann.dealershipId,
        ...PROFILE,
        createdAt: T0,
        checklistTaxesAt: null,
        checklistSharedAt: null,
        checklistDismissedAt: null,
      });
      await stores.dealerships.markChecklist(ann.dealershipId, "checklistTaxesAt", T0 + 1);
      await stores.dealerships.markChecklist(ann.dealershipId, "checklistTaxesAt", T0 + 2);
      await stores.dealerships.markChecklist(ann.dealershipId, "checklistSharedAt", T0 + 3);
      await createQuote(stores, ann, "q-ann");
      const marked = await stores.dealerships.checklist(ann.dealershipId);
      expect(marked.hasQuote).toBe(true);
      expect(marked.row).toMatchObject({
        checklistTaxesAt: T0 + 1,
        checklistSharedAt: T0 + 3,
        checklistDismissedAt: null,
      });
      expect((await stores.dealerships.checklist(bob.dealershipId)).hasQuote).toBe(false);
      expect(await stores.dealerships.checklist("nowhere")).toEqual({ row: undefined, hasQuote: false });
    });

    it("lists the dealership's pending invitations with the inviter's name; used, expired and others' are left out", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      await invite(stores, ann, "late@example.com", "manager", T0 + 2_000_000);
      await invite(stores, ann, "soon@example.com", "salesperson", T0 + 1_000_000);
      await invite(stores, ann, "gone@example.com", "salesperson", T0 - 1);
      await invite(stores, bob, "theirs@example.com", "manager");
      await addMember(stores, ann, "joined@example.com", "salesperson");
      const pending = await stores.dealerships.pendingInvitations(ann.dealershipId, T0);
      expect(pending.map(({ id: _, ...rest }) => rest)).toEqual([
        {
          email: "soon@example.com",
          role: "salesperson",
          invitedBy: ann.id,
          inviterName: "Ann Lee",
          expiresAt: T0 + 1_000_000,
          createdAt: T0,
        },
        {
          email: "late@example.com",
          role: "manager",
          invitedBy: ann.id,
          inviterName: "Ann Lee",
          expiresAt: T0 + 2_000_000,
          createdAt: T0,
        },
      ]);
      expect(await stores.dealerships.pendingInvitations("nowhere", T0)).toEqual([]);
    });

    it("names an invitation's dealership, role, email and inviter by its token hash; a used, expired or unknown one: undefined", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const open = await invite(stores, ann, "sam@example.com", "salesperson");
      const expired = await invite(stores, ann, "late@example.com", "manager", T0 - 1);
      expect(await stores.dealerships.invitationByToken(open, T0)).toEqual({
        email: "sam@example.com",
        role: "salesperson",
        dealershipName: PROFILE.dealershipName,
        inviterName: "Ann Lee",
      });
      expect(await stores.dealerships.invitationByToken(expired, T0)).toBeUndefined();
      expect(await stores.dealerships.invitationByToken("no-such-hash", T0)).toBeUndefined();
      const member = { id: nextId("member"), passwordHash: "h", firstName: "Sam", lastName: "Seller" };
      await stores.users.acceptInvitation(open, T0 + 10, member, (user) =>
        auditEntry(user, "joined", user.email),
      );
      expect(await stores.dealerships.invitationByToken(open, T0 + 20)).toBeUndefined();
    });

    it("a new invitation to the same email revokes the dealership's older one: its link no longer joins", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      const asManager = await invite(stores, ann, "sam@example.com", "manager");
      const atBob = await invite(stores, bob, "sam@example.com", "manager");
      const asSalesperson = await invite(stores, ann, "sam@example.com", "salesperson");
      const pending = await stores.dealerships.pendingInvitations(ann.dealershipId, T0);
      expect(pending.map((p) => [p.email, p.role])).toEqual([["sam@example.com", "salesperson"]]);
      const member = { id: nextId("member"), passwordHash: "h", firstName: "Sam", lastName: "Seller" };
      const audit = (user: UserRow) => auditEntry(user, "joined", user.email, T0 + 10);
      expect(await stores.users.acceptInvitation(asManager, T0 + 10, member, audit)).toBeNull();
      expect(await stores.users.acceptInvitation(asSalesperson, T0 + 10, member, audit)).toMatchObject({
        role: "salesperson",
        dealershipId: ann.dealershipId,
      });
      // Another dealership's invitation is its own business.
      expect((await stores.dealerships.pendingInvitations(bob.dealershipId, T0)).length).toBe(1);
      expect(atBob).not.toBe(asManager);
    });

    it("revokes a pending invitation with its audit line; another dealership's, a used or an unknown one: false, nothing written", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      const tokenHash = await invite(stores, ann, "sam@example.com", "manager");
      const [pending] = await stores.dealerships.pendingInvitations(ann.dealershipId, T0);
      if (!pending) throw new Error("no pending invitation");
      const line = auditEntry(bob, "invitation revoked", "sam@example.com");
      expect(await stores.dealerships.revokeInvitation(bob.dealershipId, pending.id, line)).toBe(false);
      expect(await stores.dealerships.revokeInvitation(ann.dealershipId, "nope", line)).toBe(false);
      expect(await stores.dealerships.audit(bob.dealershipId, 10)).toEqual([]);
      const revoked = auditEntry(ann, "invitation revoked", "sam@example.com as manager", T0 + 5);
      expect(await stores.dealerships.revokeInvitation(ann.dealershipId, pending.id, revoked)).toBe(true);
      expect(await stores.dealerships.pendingInvitations(ann.dealershipId, T0)).toEqual([]);
      expect((await stores.dealerships.audit(ann.dealershipId, 1))[0]).toEqual(revoked);
      const member = { id: nextId("member"), passwordHash: "h", firstName: "Sam", lastName: "Seller" };
      expect(
        await stores.users.acceptInvitation(tokenHash, T0 + 10, member, (u) =>
          auditEntry(u, "joined", u.email),
        ),
      ).toBeNull();
      // A used invitation cannot be revoked.
      await addMember(stores, ann, "joined@example.com", "salesperson");
      expect(await stores.dealerships.pendingInvitations(ann.dealershipId, T0)).toEqual([]);
      expect(await stores.dealerships.revokeInvitation(ann.dealershipId, pending.id, revoked)).toBe(false);
    });

    it("answers the audit newest first, at most `limit`, of the dealership only", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      await invite(stores, ann, "one@example.com", "manager");
      await invite(stores, bob, "other@example.com", "manager");
      await invite(stores, ann, "two@example.com", "salesperson");
      await invite(stores, ann, "three@example.com", "salesperson");
      expect(await stores.dealerships.audit(ann.dealershipId, 2)).toEqual([
        auditEntry(ann, "invited", "three@example.com as salesperson"),
        auditEntry(ann, "invited", "two@example.com as salesperson"),
      ]);
      expect((await stores.dealerships.audit(ann.dealershipId, 500)).map((a) => a.detail)).toEqual([
        "three@example.com as salesperson",
        "two@example.com as salesperson",
        "one@example.com as manager",
      ]);
      expect(await stores.dealerships.audit(bob.dealershipId, 500)).toEqual([
        auditEntry(bob, "invited", "other@example.com as manager"),
      ]);
    });
  });
}
