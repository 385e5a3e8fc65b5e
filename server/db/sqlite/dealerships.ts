import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../connection";
import { type DealershipStore, inviterName } from "../repositories/dealerships";
import { dealerships, invitations, quotes, teamEvents, users } from "../schema";
import { insertAudit } from "./rows";

// Dealerships on SQLite: the profile, the first-run checklist, invitations and the team audit
// (users.ts on the synchronous driver behind the promises).

export function createDealershipStore(db: Db): DealershipStore {
  return {
    async profile(id) {
      const row = db.select().from(dealerships).where(eq(dealerships.id, id)).get();
      if (!row) return { ...EMPTY_DEALER_PROFILE };
      return {
        dealershipName: row.dealershipName,
        streetAddress: row.streetAddress,
        city: row.city,
        state: row.state,
        zipCode: row.zipCode,
        phoneNumber: row.phoneNumber,
      };
    },
    async updateProfile(id, profile) {
      db.update(dealerships)
        .set({ ...profile, updatedAt: Date.now() })
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
        .where(and(eq(dealerships.id, id), isNull(dealerships[column])))
        .run();
    },
    async invite(invitation, audit) {
      db.transaction((tx) => {
        // Only the newest link to an email works: an earlier one may carry another role.
        tx.delete(invitations)
          .where(
            and(
              eq(invitations.dealershipId, invitation.dealershipId),
              eq(invitations.email, invitation.email),
              isNull(invitations.usedAt),
            ),
          )
          .run();
        tx.insert(invitations)
          .values({ ...invitation, usedAt: null })
          .run();
        insertAudit(tx, audit);
      });
    },
    pendingInvitations: async (dealershipId, now) =>
      db
        .select({
          id: invitations.id,
          email: invitations.email,
          role: invitations.role,
          invitedBy: invitations.invitedBy,
          firstName: users.firstName,
          lastName: users.lastName,
          expiresAt: invitations.expiresAt,
          createdAt: invitations.createdAt,
        })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(
          and(
            eq(invitations.dealershipId, dealershipId),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(asc(invitations.expiresAt), asc(invitations.email))
        .all()
        .map(({ firstName, lastName, ...row }) => ({
          ...row,
          inviterName: inviterName(firstName, lastName),
        })),
    invitationByToken: async (tokenHash, now) => {
      const found = db
        .select({
          email: invitations.email,
          role: invitations.role,
          dealershipName: dealerships.dealershipName,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(invitations)
        .innerJoin(dealerships, eq(dealerships.id, invitations.dealershipId))
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .get();
      if (!found) return undefined;
      const { firstName, lastName, ...row } = found;
      return { ...row, inviterName: inviterName(firstName, lastName) };
    },
    async revokeInvitation(dealershipId, id, audit) {
      return db.transaction((tx) => {
        const gone = tx
          .delete(invitations)
          .where(
            and(
              eq(invitations.id, id),
              eq(invitations.dealershipId, dealershipId),
              isNull(invitations.usedAt),
            ),
          )
          .returning({ id: invitations.id })
          .all();
        if (gone.length === 0) return false;
        insertAudit(tx, audit);
        return true;
      });
    },
    audit: async (dealershipId, limit) =>
      db
        .select({
          dealershipId: teamEvents.dealershipId,
          at: teamEvents.at,
          actorId: teamEvents.actorId,
          actorName: teamEvents.actorName,
          action: teamEvents.action,
          detail: teamEvents.detail,
        })
        .from(teamEvents)
        .where(eq(teamEvents.dealershipId, dealershipId))
        .orderBy(desc(teamEvents.id))
        .limit(limit)
        .all(),
  };
}
