import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { eq } from "drizzle-orm";
import * as d from "../queries/dealerships";
import { type DealershipStore, inviterName } from "../repositories/dealerships";
import { dealerships, invitations, quotes, teamEvents, users } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertAudit } from "./rows";

// Dealerships on PostgreSQL: the profile, the first-run checklist, invitations and the team audit
// (the drizzle text is queries/dealerships.ts, shared with SQLite).

export function createDealershipStore(db: PgDb): DealershipStore {
  const row = async (id: string) => (await db.select().from(dealerships).where(eq(dealerships.id, id)))[0];

  return {
    async profile(id) {
      const found = await row(id);
      return found ? d.profileColumns(found) : { ...EMPTY_DEALER_PROFILE };
    },

    async updateProfile(id, profile) {
      await db
        .update(dealerships)
        .set({ ...d.profileColumns(profile), updatedAt: Date.now() })
        .where(eq(dealerships.id, id));
    },

    async any() {
      const rows = await db.select({ id: dealerships.id }).from(dealerships).limit(1);
      return rows.length > 0;
    },

    async checklist(id) {
      const [found, quote] = await Promise.all([
        row(id),
        db.select({ id: quotes.id }).from(quotes).where(eq(quotes.dealerId, id)).limit(1),
      ]);
      return { row: found, hasQuote: quote.length > 0 };
    },

    async markChecklist(id, column, at) {
      // The first time counts; marking again changes nothing.
      await db
        .update(dealerships)
        .set({ [column]: at })
        .where(d.unmarked(dealerships, id, column));
    },

    async invite(invitation, audit) {
      await db.transaction(async (tx) => {
        // Only the newest link to an email works: an earlier one may carry another role.
        await tx
          .delete(invitations)
          .where(d.earlierLinks(invitations, invitation.dealershipId, invitation.email));
        await tx.insert(invitations).values({ ...invitation, usedAt: null });
        await insertAudit(tx, audit);
      });
    },

    async pendingInvitations(dealershipId, now) {
      const rows = await db
        .select(d.pendingColumns(invitations, users))
        .from(invitations)
        .leftJoin(users, d.inviter(users, invitations))
        .where(d.pending(invitations, dealershipId, now))
        .orderBy(...d.pendingOrder(invitations));
      return rows.map(({ firstName, lastName, ...row }) => ({
        ...row,
        inviterName: inviterName(firstName, lastName),
      }));
    },

    async invitationByToken(tokenHash, now) {
      const [found] = await db
        .select(d.linkColumns(invitations, dealerships, users))
        .from(invitations)
        .innerJoin(dealerships, d.invitingDealership(dealerships, invitations))
        .leftJoin(users, d.inviter(users, invitations))
        .where(d.openInvitation(invitations, tokenHash, now));
      if (!found) return undefined;
      const { firstName, lastName, ...row } = found;
      return { ...row, inviterName: inviterName(firstName, lastName) };
    },

    async revokeInvitation(dealershipId, id, audit) {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(invitations)
          .where(d.revocable(invitations, dealershipId, id))
          .returning({ id: invitations.id });
        if (gone.length === 0) return false;
        await insertAudit(tx, audit);
        return true;
      });
    },

    async audit(dealershipId, limit) {
      return db
        .select(d.auditColumns(teamEvents))
        .from(teamEvents)
        .where(eq(teamEvents.dealershipId, dealershipId))
        .orderBy(d.newestAudit(teamEvents))
        .limit(limit);
    },
  };
}
