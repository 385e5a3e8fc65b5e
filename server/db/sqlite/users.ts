import { randomUUID } from "node:crypto";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../connection";
import { openInvitation } from "../queries/dealerships";
import { nextState } from "../queries/quotes";
import * as u from "../queries/users";
import { QuotesChangedError, sameIds } from "../repositories/dealerships";
import {
  RegistrationClosedError,
  type ResetTokenStore,
  type UserRow,
  type UserStore,
} from "../repositories/users";
import { dealerships, invitations, passwordResetTokens, quotes, users } from "../schema";
import { insertHandoffEvents } from "./handoff";
import { insertAudit, orEmailTaken } from "./rows";

// Accounts and reset tokens on SQLite (dealerships.ts: the dealership, invitations, the audit). better-sqlite3
// runs each statement synchronously; the methods answer resolved promises, so callers are written
// once for both backends. A transaction here is one synchronous block: nothing interleaves with it.
// The drizzle text is queries/users.ts, shared with PostgreSQL.

/**
 * Issue #33: a member's role or membership changed: every quote of their dealership is judged at
 * a new state (the live rights of whoever works it are read again before the next write lands).
 */
function bumpDealershipStates(tx: Pick<Db, "update">, userId: string) {
  tx.update(quotes)
    .set(nextState(quotes))
    .where(u.quotesOfUsersDealership(quotes, users, userId))
    .run();
}

export function createUserStore(db: Db): UserStore {
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
        .where(u.memberOf(users, dealershipId, id))
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
            .where(openInvitation(invitations, tokenHash, now))
            .returning(u.invitedColumns(invitations))
            .get();
          if (!invitation) return null;
          const user = u.invitedMember(member, invitation, now);
          tx.insert(users).values(user).run();
          insertAudit(tx, audit(user));
          return user;
        }),
      );
    },
    async changeRole(id, role, now, audit) {
      db.transaction((tx) => {
        tx.update(users).set(u.roleChanged(role, now)).where(eq(users.id, id)).run();
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

export function createResetTokenStore(db: Db): ResetTokenStore {
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
        .where(u.openResetToken(passwordResetTokens, tokenHash, now))
        .returning({ userId: passwordResetTokens.userId })
        .get();
      return row?.userId ?? null;
    },
    async drop(userId) {
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
    },
  };
}
