import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { openInvitation, profileColumns } from "../queries/dealerships";
import { nextState } from "../queries/quotes";
import * as u from "../queries/users";
import { QuotesChangedError, sameIds } from "../repositories/dealerships";
import {
  EmailTakenError,
  RegistrationClosedError,
  type ResetTokenStore,
  type UserRow,
  type UserStore,
} from "../repositories/users";
import { dealerships, invitations, passwordResetTokens, quotes, users } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertHandoffEvents } from "./handoff";
import { insertAudit, isUniqueViolation } from "./rows";

/**
 * Issue #33: a member's role or membership changed: every quote of their dealership is judged at
 * a new state (the live rights of whoever works it are read again before the next write lands).
 */
async function bumpDealershipStates(tx: Pick<PgDb, "update">, userId: string) {
  await tx
    .update(quotes)
    .set(nextState(quotes))
    .where(u.quotesOfUsersDealership(quotes, users, userId));
}

// Users, their registration and invitations, and password-reset tokens on PostgreSQL. Each
// multi-row change is one drizzle transaction: one pool client from BEGIN to COMMIT. The drizzle
// text is queries/users.ts, shared with SQLite.

/** Runs a write that may meet the unique email index; a refusal becomes EmailTakenError. */
async function refusingTakenEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) throw new EmailTakenError();
    throw error;
  }
}

/** The advisory lock key of REGISTRATION=first sign-ups (a constant of our own: "DDfi"). */
const FIRST_REGISTRATION_LOCK = 0x4444_6669;

export function createUserStore(db: PgDb): UserStore {
  const byId = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

  return {
    byId,

    async byEmail(email) {
      return (await db.select().from(users).where(eq(users.email, email)))[0];
    },

    async tokensValidAfter(ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, after: users.tokensValidAfter })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.after]));
    },

    update(id, changes) {
      return refusingTakenEmail(async () => {
        const [row] = await db
          .update(users)
          .set({ ...changes, updatedAt: Date.now() })
          .where(eq(users.id, id))
          .returning();
        return row;
      });
    },

    members(dealershipId) {
      return db.select().from(users).where(eq(users.dealershipId, dealershipId));
    },
    all() {
      return db.select().from(users).orderBy(asc(users.email));
    },

    async member(dealershipId, id) {
      const rows = await db
        .select()
        .from(users)
        .where(u.memberOf(users, dealershipId, id));
      return rows[0];
    },

    registerOwner(profile, owner, options = {}) {
      return refusingTakenEmail(() =>
        db.transaction(async (tx) => {
          if (options.onlyFirst) {
            // REGISTRATION=first: sign-ups take this lock one at a time until they commit, so the
            // check below sees any dealership a concurrent sign-up created (every process alike).
            await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_REGISTRATION_LOCK}::bigint)`);
            const [existing] = await tx.select({ id: dealerships.id }).from(dealerships).limit(1);
            if (existing) throw new RegistrationClosedError();
          }
          const dealershipId = randomUUID();
          await tx.insert(dealerships).values({
            ...profileColumns(profile),
            id: dealershipId,
            createdAt: owner.createdAt,
            updatedAt: owner.createdAt,
          });
          const user: UserRow = { ...owner, dealershipId, role: "owner" };
          await tx.insert(users).values(user);
          return user;
        }),
      );
    },

    acceptInvitation(tokenHash, now, member, audit) {
      // A refused email rolls the whole transaction back, so the invitation stays unused.
      return refusingTakenEmail(() =>
        db.transaction(async (tx) => {
          const [invitation] = await tx
            .update(invitations)
            .set({ usedAt: now })
            .where(openInvitation(invitations, tokenHash, now))
            .returning(u.invitedColumns(invitations));
          if (!invitation) return null;
          const user = u.invitedMember(member, invitation, now);
          await tx.insert(users).values(user);
          await insertAudit(tx, audit(user));
          return user;
        }),
      );
    },

    async changeRole(id, role, now, audit) {
      await db.transaction(async (tx) => {
        await tx.update(users).set(u.roleChanged(role, now)).where(eq(users.id, id));
        await bumpDealershipStates(tx, id);
        await insertAudit(tx, audit);
      });
    },

    async remove(id, heirId, audit, handoff) {
      await db.transaction(async (tx) => {
        if (handoff) {
          // The member's quotes, locked: none is made or moved under this removal.
          const ids = await tx
            .select({ id: quotes.id })
            .from(quotes)
            .where(eq(quotes.salespersonId, id))
            .for("update");
          if (
            !sameIds(
              ids.map((row) => row.id),
              handoff.quoteIds,
            )
          )
            throw new QuotesChangedError();
          await insertHandoffEvents(tx, handoff.events);
        }
        await bumpDealershipStates(tx, id);
        await tx.update(quotes).set({ salespersonId: heirId }).where(eq(quotes.salespersonId, id));
        await tx.delete(users).where(eq(users.id, id));
        await insertAudit(tx, audit);
      });
    },
  };
}

export function createResetTokenStore(db: PgDb): ResetTokenStore {
  return {
    async replace(row) {
      await db.transaction(async (tx) => {
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId));
        await tx.insert(passwordResetTokens).values({ ...row, usedAt: null });
      });
    },

    async consume(tokenHash, now) {
      // One conditional UPDATE: "use once" holds even for two requests at the same moment.
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(u.openResetToken(passwordResetTokens, tokenHash, now))
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId ?? null;
    },

    async drop(userId) {
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    },
  };
}
