import { EMPTY_DEALER_PROFILE } from "@shared/constants";
import { describe, expect, it } from "vitest";
import { auditEntry, type CurrentStores, createQuote, invite, PROFILE, registerOwner, T0 } from "./fixtures";

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
