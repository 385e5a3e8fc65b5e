import type { DealerProfile } from "@shared/core/api-types";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import { type DealershipStore, inviterName } from "../repositories/dealerships";
import { dealerships, invitations, quotes, teamEvents, users } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertAudit } from "./rows";

// Dealerships on PostgreSQL: the profile, the first-run checklist, invitations and the team audit.

/** The six profile columns only: a parsed request body may carry more keys than these. */
export const profileColumns = (profile: DealerProfile): DealerProfile => ({
  dealershipName: profile.dealershipName,
  streetAddress: profile.streetAddress,
  city: profile.city,
  state: profile.state,
  zipCode: profile.zipCode,
  phoneNumber: profile.phoneNumber,
});

export function createDealershipStore(db: PgDb): DealershipStore {
  const row = async (id: string) => (await db.select().from(dealerships).where(eq(dealerships.id, id)))[0];

  return {
    async profile(id) {
      const found = await row(id);
      return found ? profileColumns(found) : { ...EMPTY_DEALER_PROFILE };
    },

    async updateProfile(id, profile) {
      await db
        .update(dealerships)
        .set({ ...profileColumns(profile), updatedAt: Date.now() })
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
        .where(and(eq(dealerships.id, id), isNull(dealerships[column])));
    },

    async invite(invitation, audit) {
      await db.transaction(async (tx) => {
        // Only the newest link to an email works: an earlier one may carry another role.
        await tx
          .delete(invitations)
          .where(
            and(
              eq(invitations.dealershipId, invitation.dealershipId),
              eq(invitations.email, invitation.email),
              isNull(invitations.usedAt),
            ),
          );
        await tx.insert(invitations).values({ ...invitation, usedAt: null });
        await insertAudit(tx, audit);
      });
    },

    async pendingInvitations(dealershipId, now) {
      const rows = await db
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
        .orderBy(asc(invitations.expiresAt), asc(invitations.email));
      return rows.map(({ firstName, lastName, ...row }) => ({
        ...row,
        inviterName: inviterName(firstName, lastName),
      }));
    },

    async invitationByToken(tokenHash, now) {
      const [found] = await db
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
        );
      if (!found) return undefined;
      const { firstName, lastName, ...row } = found;
      return { ...row, inviterName: inviterName(firstName, lastName) };
    },

    async revokeInvitation(dealershipId, id, audit) {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(invitations)
          .where(
            and(
              eq(invitations.id, id),
              eq(invitations.dealershipId, dealershipId),
              isNull(invitations.usedAt),
            ),
          )
          .returning({ id: invitations.id });
        if (gone.length === 0) return false;
        await insertAudit(tx, audit);
        return true;
      });
    },

    async audit(dealershipId, limit) {
      return db
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
        .limit(limit);
    },
  };
}
