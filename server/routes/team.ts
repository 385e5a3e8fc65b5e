import { randomUUID } from "node:crypto";
import type { AuthResponse, TeamAuditEntry, TeamMember } from "@shared/api-types";
import { MSG } from "@shared/messages";
import { mayManageTeam, mayReassign, memberLabel, ROLE_LABELS } from "@shared/permissions";
import {
  acceptInvitationBodySchema,
  invitationBodySchema,
  reassignBodySchema,
  roleBodySchema,
} from "@shared/validation/team";
import { and, desc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv, UserRow } from "../app-env";
import { requireUser } from "../auth/middleware";
import { hashPassword } from "../auth/passwords";
import { toPublicUser } from "../auth/public-user";
import { quoteEvents, quotes, teamEvents, users } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { parseJson } from "../http/validate";
import { sendInvitationEmail } from "../mail/invitation-email";
import { findQuote } from "../policies/quote-access";
import { dealershipProfile } from "../teams/dealerships";
import { consumeInvitation, createInvitation } from "../teams/invitations";

// Dealership teams (#20): GET /api/team, invitations, role changes, removal, the audit,
// POST /api/auth/accept-invitation and PUT /api/quotes/:id/salesperson. Who may do what is
// shared/permissions.ts; every change is written to the audit (team_events) with who and when.

const fullName = (u: Pick<UserRow, "firstName" | "lastName">) => `${u.firstName} ${u.lastName}`.trim();

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT");

function toMember(row: UserRow): TeamMember {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role };
}

type Tx = Pick<AppDeps["db"], "insert">;

function audit(db: Tx, actor: UserRow, action: string, detail: string, at = Date.now()): void {
  db.insert(teamEvents)
    .values({
      dealershipId: actor.dealershipId,
      at,
      actorId: actor.id,
      actorName: fullName(actor),
      action,
      detail,
    })
    .run();
}

/** /api/team: members, invitations, roles, removal and the audit. */
export function teamRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens, config } = deps;
  const log = deps.log ?? console.log;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));

  const ownerOnly = (c: Context<AppEnv>) => {
    if (!mayManageTeam(c.var.user)) throw forbidden(MSG.forbidden);
  };
  /** A member of the caller's dealership other than its owner, or 404 / 400. */
  const changeableMember = (c: Context<AppEnv>): UserRow => {
    const row = db
      .select()
      .from(users)
      .where(and(eq(users.id, c.req.param("id") ?? ""), eq(users.dealershipId, c.var.user.dealershipId)))
      .get();
    if (!row) throw notFound(MSG.memberNotFound);
    if (row.role === "owner") throw badRequest(MSG.ownerRoleFixed);
    return row;
  };

  routes.get("/", (c) => {
    const rows = db.select().from(users).where(eq(users.dealershipId, c.var.user.dealershipId)).all();
    const order = { owner: 0, manager: 1, salesperson: 2 } as const;
    rows.sort((a, b) => order[a.role] - order[b.role] || fullName(a).localeCompare(fullName(b)));
    return c.json(rows.map(toMember));
  });

  routes.post("/invitations", async (c) => {
    ownerOnly(c);
    const body = await parseJson(c, invitationBodySchema);
    const existing = db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).get();
    if (existing) throw conflict(MSG.emailTaken);
    const user = c.var.user;
    const token = createInvitation(db, {
      dealershipId: user.dealershipId,
      email: body.email,
      role: body.role,
      invitedBy: user.id,
    });
    audit(db, user, "invited", `${body.email} as ${ROLE_LABELS[body.role]}`);
    const invite = {
      inviter: fullName(user),
      dealership: dealershipProfile(db, user.dealershipId).dealershipName,
      role: ROLE_LABELS[body.role],
    };
    try {
      await sendInvitationEmail({ config, mailer: deps.mailer, log }, body.email, invite, token);
    } catch (error) {
      log(`Invitation email to ${body.email} failed: ${error instanceof Error ? error.message : error}`);
      throw new Error("invitation email failed");
    }
    return c.json({ message: MSG.invitationSent(body.email) }, 201);
  });

  routes.put("/members/:id", async (c) => {
    ownerOnly(c);
    const body = await parseJson(c, roleBodySchema);
    const member = changeableMember(c);
    if (member.role !== body.role) {
      db.transaction((tx) => {
        // Live connections were admitted under the old role: they end, as after a password change.
        tx.update(users)
          .set({ role: body.role, tokensValidAfter: Date.now(), updatedAt: Date.now() })
          .where(eq(users.id, member.id))
          .run();
        audit(
          tx,
          c.var.user,
          "role changed",
          `${fullName(member)}: ${ROLE_LABELS[member.role]} → ${ROLE_LABELS[body.role]}`,
        );
      });
    }
    const row = db.select().from(users).where(eq(users.id, member.id)).get() as UserRow;
    return c.json(toMember(row));
  });

  routes.delete("/members/:id", (c) => {
    ownerOnly(c);
    const member = changeableMember(c);
    const owner = c.var.user;
    db.transaction((tx) => {
      // Their deals stay with the dealership: the owner removing them takes them over.
      tx.update(quotes).set({ salespersonId: owner.id }).where(eq(quotes.salespersonId, member.id)).run();
      // No user row, no valid token: REST answers 401 and the live watch closes their sockets.
      tx.delete(users).where(eq(users.id, member.id)).run();
      audit(tx, owner, "removed", `${fullName(member)} (${member.email}), ${ROLE_LABELS[member.role]}`);
    });
    return c.body(null, 204);
  });

  routes.get("/audit", (c) => {
    ownerOnly(c);
    const rows = db
      .select()
      .from(teamEvents)
      .where(eq(teamEvents.dealershipId, c.var.user.dealershipId))
      .orderBy(desc(teamEvents.id))
      .limit(500)
      .all();
    return c.json(
      rows.map(
        (r): TeamAuditEntry => ({
          at: new Date(r.at).toISOString(),
          actor: r.actorName,
          action: r.action,
          detail: r.detail,
        }),
      ),
    );
  });

  return routes;
}

/** POST /api/auth/accept-invitation: `{ token, firstName, lastName, password }` → 201 `{ token, user }`. */
export function acceptInvitationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.post("/accept-invitation", async (c) => {
    const body = await parseJson(c, acceptInvitationBodySchema);
    const passwordHash = await hashPassword(body.password);
    const now = Date.now();
    let row: UserRow;
    try {
      row = db.transaction((tx) => {
        const invitation = consumeInvitation(tx, body.token, now);
        if (!invitation) throw badRequest(MSG.invitationInvalid);
        const user: UserRow = {
          id: randomUUID(),
          email: invitation.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          dealershipId: invitation.dealershipId,
          role: invitation.role,
          tokensValidAfter: now,
          createdAt: now,
          updatedAt: now,
        };
        tx.insert(users).values(user).run();
        tx.insert(teamEvents)
          .values({
            dealershipId: user.dealershipId,
            at: now,
            actorId: user.id,
            actorName: fullName(user),
            action: "joined",
            detail: `${user.email} as ${ROLE_LABELS[user.role]}`,
          })
          .run();
        return user;
      });
    } catch (error) {
      // Someone registered the invited email meanwhile: the invitation stays unused (rolled back).
      if (isUniqueViolation(error)) throw conflict(MSG.emailTaken);
      throw error;
    }
    const user = toPublicUser(row, dealershipProfile(db, row.dealershipId));
    return c.json<AuthResponse>({ token: await tokens.issue(row), user }, 201);
  });
  return routes;
}

/** PUT /api/quotes/:id/salesperson `{ userId }`: owners and managers reassign a quote. */
export function reassignRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.put("/:id/salesperson", requireUser(tokens), async (c) => {
    const actor = c.var.user;
    const quote = findQuote(db, c.req.param("id"));
    // Another dealership's quote does not exist; a salesperson of this one may not reassign.
    if (!quote || quote.dealerId !== actor.dealershipId) throw notFound(MSG.quoteNotFound);
    if (!mayReassign(actor, quote)) throw forbidden(MSG.forbidden);
    const body = await parseJson(c, reassignBodySchema);
    const target = db
      .select()
      .from(users)
      .where(and(eq(users.id, body.userId), eq(users.dealershipId, actor.dealershipId)))
      .get();
    if (!target)
      throw badRequest(MSG.salespersonNotFound, [{ field: "userId", message: MSG.salespersonNotFound }]);
    if (target.id !== quote.salespersonId) {
      const previous = db.select().from(users).where(eq(users.id, quote.salespersonId)).get();
      const from = previous ? fullName(previous) : "";
      const now = Date.now();
      db.transaction((tx) => {
        tx.update(quotes).set({ salespersonId: target.id }).where(eq(quotes.id, quote.id)).run();
        tx.insert(quoteEvents)
          .values({
            quoteId: quote.id,
            at: now,
            role: "DEALER",
            actorName: memberLabel(actor.firstName, actor.role),
            field: "salesperson",
            oldValue: from || null,
            newValue: fullName(target),
          })
          .run();
        audit(
          tx,
          actor,
          "reassigned",
          `${quote.vehicleDescription}: ${from || "nobody"} → ${fullName(target)}`,
          now,
        );
      });
    }
    return c.json({ salesperson: { id: target.id, name: fullName(target) } });
  });
  return routes;
}
