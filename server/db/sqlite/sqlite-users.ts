import { randomUUID } from "node:crypto";
import { EMPTY_DEALER_PROFILE } from "@shared/constants";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../connection";
import { dealerships, invitations, passwordResetTokens, quotes, teamEvents, users } from "../schema";
import {
  type AuditEntry,
  type DealershipStore,
  EmailTakenError,
  inviterName,
  QuotesChangedError,
  RegistrationClosedError,
  type ResetTokenStore,
  sameIds,
  type UserRow,
  type UserStore,
} from "../stores";
import { insertHandoffEvents } from "./sqlite-handoff";

// Accounts, dealerships, invitations, reset tokens and the team audit on SQLite. better-sqlite3
// runs each statement synchronously; the methods answer resolved promises, so callers are written
// once for both backends. A transaction here is one synchronous block: nothing interleaves with it.

/** SQLite's answer when the unique email index refuses a row. */
const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT");

/** Runs `write`, turning a unique-index refusal into EmailTakenError (the only unique user column). */
function orEmailTaken<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

const insertAudit = (db: Pick<Db, "insert">, entry: AuditEntry) => db.insert(teamEvents).values(entry).run();

/**
 * Issue #33: a member's role or membership changed: every quote of their dealership is judged at
 * a new state (the live rights of whoever works it are read again before the next write lands).
 */
function bumpDealershipStates(tx: Pick<Db, "update">, userId: string) {
  tx.update(quotes)
    .set({ stateSeq: sql`${quotes.stateSeq} + 1` })
    .where(
      eq(quotes.dealerId, sql`(SELECT ${users.dealershipId} FROM ${users} WHERE ${users.id} = ${userId})`),
    )
    .run();
}

export function sqliteUserStore(db: Db): UserStore {
  const byId = (id: string) => db.select().from(users).where(eq(users.id, id)).get();
  return {
    byId: async (id) => byId(id),
    byEmail: async (email) => db.select().from(users).where(eq(users.email, email)).get(),
    async tokensValidAfter(ids) {
      if (ids.length === 0) return new Map();
      const rows = db
        .select({ id: users.id, after: users.tokensValidAfter })
        .from(users)
        .where(inArray(users.id, [...ids]))
        .all();
      return new Map(rows.map((row) => [row.id, row.after]));
    },
    async update(id, changes) {
      orEmailTaken(() =>
        db
          .update(users)
          .set({ ...changes, updatedAt: Date.now() })
          .where(eq(users.id, id))
          .run(),
      );
      return byId(id);
    },
    all: async () => db.select().from(users).orderBy(asc(users.email)).all(),
    members: async (dealershipId) =>
      db.select().from(users).where(eq(users.dealershipId, dealershipId)).all(),
    member: async (dealershipId, id) =>
      db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.dealershipId, dealershipId)))
        .get(),
    async registerOwner(profile, owner, options = {}) {
      return orEmailTaken(() =>
        db.transaction(
          (tx) => {
            // REGISTRATION=first: the check and the insert are one write transaction (BEGIN
            // IMMEDIATE takes the write lock first), so no other sign-up can slip in between.
            if (options.onlyFirst && tx.select({ id: dealerships.id }).from(dealerships).limit(1).get())
              throw new RegistrationClosedError();
            const dealershipId = randomUUID();
            tx.insert(dealerships)
              .values({
                ...EMPTY_DEALER_PROFILE,
                ...profile,
                id: dealershipId,
                createdAt: owner.createdAt,
                updatedAt: owner.createdAt,
              })
              .run();
            const user: UserRow = { ...owner, dealershipId, role: "owner" };
            tx.insert(users).values(user).run();
            return user;
          },
          { behavior: "immediate" },
        ),
      );
    },
    async acceptInvitation(tokenHash, now, member, audit) {
      return orEmailTaken(() =>
        db.transaction((tx) => {
          const invitation = tx
            .update(invitations)
            .set({ usedAt: now })
            .where(
              and(
                eq(invitations.tokenHash, tokenHash),
                isNull(invitations.usedAt),
                gt(invitations.expiresAt, now),
              ),
            )
            .returning({
              dealershipId: invitations.dealershipId,
              email: invitations.email,
              role: invitations.role,
            })
            .get();
          if (!invitation) return null;
          const user: UserRow = {
            ...member,
            email: invitation.email,
            dealershipId: invitation.dealershipId,
            role: invitation.role,
            tokensValidAfter: now,
            createdAt: now,
            updatedAt: now,
          };
          tx.insert(users).values(user).run();
          insertAudit(tx, audit(user));
          return user;
        }),
      );
    },
    async changeRole(id, role, now, audit) {
      db.transaction((tx) => {
        tx.update(users).set({ role, tokensValidAfter: now, updatedAt: now }).where(eq(users.id, id)).run();
        bumpDealershipStates(tx, id);
        insertAudit(tx, audit);
      });
    },
    async remove(id, heirId, audit, handoff) {
      db.transaction((tx) => {
        if (handoff) {
          const ids = tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.salespersonId, id)).all();
          if (
            !sameIds(
              ids.map((row) => row.id),
              handoff.quoteIds,
            )
          )
            throw new QuotesChangedError();
          insertHandoffEvents(tx, handoff.events);
        }
        bumpDealershipStates(tx, id);
        tx.update(quotes).set({ salespersonId: heirId }).where(eq(quotes.salespersonId, id)).run();
        tx.delete(users).where(eq(users.id, id)).run();
        insertAudit(tx, audit);
      });
    },
  };
}

export function sqliteDealershipStore(db: Db): DealershipStore {
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

export function sqliteResetTokenStore(db: Db): ResetTokenStore {
  return {
    async replace(row) {
      db.transaction((tx) => {
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId)).run();
        tx.insert(passwordResetTokens)
          .values({ ...row, usedAt: null })
          .run();
      });
    },
    async consume(tokenHash, now) {
      // The conditional UPDATE makes "use once" hold even for two requests at the same moment.
      const row = db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId })
        .get();
      return row?.userId ?? null;
    },
    async drop(userId) {
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
    },
  };
}
