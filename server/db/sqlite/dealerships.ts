import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { eq } from "drizzle-orm";
import type { Db } from "../connection";
import * as d from "../queries/dealerships";
import { type DealershipStore, inviterName } from "../repositories/dealerships";
import { dealerships, invitations, quotes, teamEvents, users } from "../schema";
import { insertAudit } from "./rows";

// Dealerships on SQLite: the profile, the first-run checklist, invitations and the team audit
// (users.ts on the synchronous driver behind the promises); the drizzle text is
// queries/dealerships.ts, shared with PostgreSQL.

export function createDealershipStore(db: Db): DealershipStore {
  return {
    async profile(id) {
      const row = db.select().from(dealerships).where(eq(dealerships.id, id)).get();
      return row ? d.profileColumns(row) : { ...EMPTY_DEALER_PROFILE };
    },
    async updateProfile(id, profile) {
      db.update(dealerships)
        .set({ ...d.profileColumns(profile), updatedAt: Date.now() })
        .where(eq(dealerships.id, id))
        .run();
    },
    any: async () => db.select({ id: dealerships.id }).from(dealerships).limit(1).get() !== undefined,
    async checklist(id) {
      const row = db.select().from(dealerships).where(eq(dealerships.id, id)).get();
      const quote = db.select({ id: quotes.id }).from(quotes).where(eq(quotes.dealerId, id)).limit(1).get();
      return { row, hasQuote: quote !== undefined };
    },
    async markChecklist(id, column, at) {
      db.update(dealerships)
        .set({ [column]: at })
        .where(d.unmarked(dealerships, id, column))
        .run();
    },
    async invite(invitation, audit) {
      db.transaction((tx) => {
        // Only the newest link to an email works: an earlier one may carry another role.
        tx.delete(invitations)
          .where(d.earlierLinks(invitations, invitation.dealershipId, invitation.email))
          .run();
        tx.insert(invitations)
          .values({ ...invitation, usedAt: null })
          .run();
        insertAudit(tx, audit);
      });
    },
    pendingInvitations: async (dealershipId, now) =>
      db
        .select(d.pendingColumns(invitations, users))
        .from(invitations)
        .leftJoin(users, d.inviter(users, invitations))
        .where(d.pending(invitations, dealershipId, now))
        .orderBy(...d.pendingOrder(invitations))
        .all()
        .map(({ firstName, lastName, ...row }) => ({
          ...row,
          inviterName: inviterName(firstName, lastName),
        })),
    invitationByToken: async (tokenHash, now) => {
      const found = db
        .select(d.linkColumns(invitations, dealerships, users))
        .from(invitations)
        .innerJoin(dealerships, d.invitingDealership(dealerships, invitations))
        .leftJoin(users, d.inviter(users, invitations))
        .where(d.openInvitation(invitations, tokenHash, now))
        .get();
      if (!found) return undefined;
      const { firstName, lastName, ...row } = found;
      return { ...row, inviterName: inviterName(firstName, lastName) };
    },
    async revokeInvitation(dealershipId, id, audit) {
      return db.transaction((tx) => {
        const gone = tx
          .delete(invitations)
          .where(d.revocable(invitations, dealershipId, id))
          .returning({ id: invitations.id })
          .all();
        if (gone.length === 0) return false;
        insertAudit(tx, audit);
        return true;
      });
    },
    audit: async (dealershipId, limit) =>
      db
        .select(d.auditColumns(teamEvents))
        .from(teamEvents)
        .where(eq(teamEvents.dealershipId, dealershipId))
        .orderBy(d.newestAudit(teamEvents))
        .limit(limit)
        .all(),
  };
}
