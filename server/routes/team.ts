import { randomUUID } from "node:crypto";
import type {
  AuthResponse,
  InvitationPreview,
  InvitationSentResponse,
  PendingInvitation,
  TeamAuditEntry,
  TeamMember,
} from "@shared/core/api-types";
import { ROLE_LABELS } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import {
  acceptInvitationBodySchema,
  invitationBodySchema,
  reassignBodySchema,
  roleBodySchema,
} from "@shared/validation/team";
import { type Context, Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv, UserRow } from "../app-env";
import { createLoginRateLimiter } from "../auth/login-rate-limit";
import { hashPassword } from "../auth/passwords";
import { toPublicUser } from "../auth/public-user";
import { EmailTakenError } from "../db/repositories/users";
import { ApiError, badRequest, conflict, notFound } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { sendInvitationEmail } from "../mail/invitation-email";
import { mailFailureReason } from "../mail/mailer";
import { authorize } from "../policies/policy";
import { authorizedQuote } from "../policies/quote-access";
import { auditEntry as audit, fullName } from "../teams/audit-entry";
import { reassignQuote } from "../teams/commands/reassign-quote";
import { createInvitation, hashInvitationToken } from "../teams/invitations";
import { removeMember } from "../teams/remove-member";
import { commandDeps } from "./command-deps";

// Dealership teams (#20): GET /api/team, invitations, role changes, removal, the audit,
// POST /api/auth/accept-invitation and PUT /api/quotes/:id/salesperson. Who may do what is
// server/policies/policy.ts; every change is written to the audit (team_events) with who and when.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitations to one email address per day, whichever dealerships send them. */
export const INVITATIONS_PER_EMAIL_PER_DAY = 5;

function toMember(row: UserRow): TeamMember {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role };
}

/** /api/team: members, invitations, roles, removal and the audit. */
export function teamRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, config } = deps;
  const { users } = stores;
  const log = deps.log ?? console.log;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));

  const ownerOnly = (c: Context<AppEnv>) => authorize(c.var.user, "manageTeam");
  /** A member of the caller's dealership other than its owner, or 404 / 400. */
  const changeableMember = async (c: Context<AppEnv>): Promise<UserRow> => {
    const row = await users.member(c.var.user.dealershipId, c.req.param("id") ?? "");
    if (!row) throw notFound(MSG.memberNotFound);
    if (row.role === "owner") throw badRequest(MSG.ownerRoleFixed);
    return row;
  };

  routes.get("/", async (c) => {
    const rows = await users.members(c.var.user.dealershipId);
    const order = { owner: 0, manager: 1, salesperson: 2 } as const;
    rows.sort((a, b) => order[a.role] - order[b.role] || fullName(a).localeCompare(fullName(b)));
    return c.json(rows.map(toMember));
  });

  // At most INVITATIONS_PER_DEALERSHIP_PER_DAY invitations a day per dealership and 5 a day per
  // address, counted in the shared attempt store (every process alike). Every attempt counts,
  // a 409 for an existing account too, so neither the mail nor the 409 can be used in bulk. Each
  // attempt is recorded before it is counted with the others (hence the limiters' cap + 1):
  // simultaneous requests cannot all pass a check that none of them has been recorded in yet.
  const perDealership = createLoginRateLimiter(
    stores.attempts,
    "invitations-dealership",
    config.invitationsPerDealershipPerDay + 1,
    DAY_MS,
  );
  const perEmail = createLoginRateLimiter(
    stores.attempts,
    "invitations-email",
    INVITATIONS_PER_EMAIL_PER_DAY + 1,
    DAY_MS,
  );
  const countInvitation = async (c: Context<AppEnv>, dealershipId: string, email: string) => {
    await perDealership.recordFailure(dealershipId);
    await perEmail.recordFailure(email);
    const waitMs = Math.max(
      await perDealership.retryAfterMs(dealershipId),
      await perEmail.retryAfterMs(email),
    );
    if (waitMs > 0) {
      c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
      throw new ApiError(429, MSG.tooManyInvitations(Math.ceil(waitMs / 3_600_000)));
    }
  };

  routes.post("/invitations", async (c) => {
    ownerOnly(c);
    const body = await parseJson(c, invitationBodySchema);
    const user = c.var.user;
    await countInvitation(c, user.dealershipId, body.email);
    if (await users.byEmail(body.email)) throw conflict(MSG.emailTaken);
    const detail = `${body.email} as ${ROLE_LABELS[body.role]}`;
    // Any earlier invitation of this dealership to the address dies here: only the newest link works.
    const { id, token } = await createInvitation(
      stores.dealerships,
      { dealershipId: user.dealershipId, email: body.email, role: body.role, invitedBy: user.id },
      audit(user, "invited", detail),
    );
    const invite = {
      inviter: { name: fullName(user), email: user.email },
      dealership: (await stores.dealerships.profile(user.dealershipId)).dealershipName,
      role: ROLE_LABELS[body.role],
    };
    let sent: Awaited<ReturnType<typeof sendInvitationEmail>>;
    try {
      sent = await sendInvitationEmail({ config, mailer: deps.mailer, log }, body.email, invite, token);
    } catch (error) {
      const reason = mailFailureReason(error);
      log(`Invitation email to ${body.email} failed: ${reason}`);
      // Nobody has the link: the invitation goes, so the team page never lists one that cannot be used.
      await stores.dealerships.revokeInvitation(
        user.dealershipId,
        id,
        audit(user, "invitation not sent", `${detail}: the mail failed`),
      );
      throw new ApiError(502, MSG.invitationMailFailed(reason));
    }
    // Said as it happened: "sent" only once a mail server took it; without one, where it lies and the link.
    const { outboxFile } = sent.receipt;
    const answer: InvitationSentResponse = outboxFile
      ? {
          message: MSG.invitationWrittenToOutbox(body.email, outboxFile),
          delivery: "outbox",
          outboxFile,
          link: sent.link,
        }
      : { message: MSG.invitationSent(body.email), delivery: "sent" };
    return c.json(answer, 201);
  });

  routes.get("/invitations", async (c) => {
    ownerOnly(c);
    const rows = await stores.dealerships.pendingInvitations(c.var.user.dealershipId, Date.now());
    return c.json(
      rows.map(
        (r): PendingInvitation => ({
          id: r.id,
          email: r.email,
          role: r.role,
          invitedBy: r.inviterName,
          expiresAt: new Date(r.expiresAt).toISOString(),
        }),
      ),
    );
  });

  routes.delete("/invitations/:id", async (c) => {
    ownerOnly(c);
    const owner = c.var.user;
    const id = c.req.param("id") ?? "";
    const pending = (await stores.dealerships.pendingInvitations(owner.dealershipId, Date.now())).find(
      (r) => r.id === id,
    );
    const revoked =
      pending !== undefined &&
      (await stores.dealerships.revokeInvitation(
        owner.dealershipId,
        id,
        audit(owner, "invitation revoked", `${pending.email} as ${ROLE_LABELS[pending.role]}`),
      ));
    if (!revoked) throw notFound(MSG.invitationNotFound);
    return c.body(null, 204);
  });

  routes.put("/members/:id", async (c) => {
    ownerOnly(c);
    const body = await parseJson(c, roleBodySchema);
    const member = await changeableMember(c);
    if (member.role !== body.role) {
      // Live connections were admitted under the old role: they end, as after a password change.
      const now = Date.now();
      await users.changeRole(
        member.id,
        body.role,
        now,
        audit(
          c.var.user,
          "role changed",
          `${fullName(member)}: ${ROLE_LABELS[member.role]} → ${ROLE_LABELS[body.role]}`,
          now,
        ),
      );
      // Their open sockets are judged by the new role on every process (issue #33).
      await deps.live.teamChanged();
    }
    return c.json(toMember({ ...member, role: body.role }));
  });

  routes.delete("/members/:id", async (c) => {
    ownerOnly(c);
    const member = await changeableMember(c);
    const owner = c.var.user;
    // Their deals stay with the dealership: the owner removing them takes them over (each with its
    // quote.reassigned event). No user row, no valid token: REST answers 401 and the live watch
    // closes their sockets.
    await removeMember(
      deps,
      member,
      owner.id,
      audit(owner, "removed", `${fullName(member)} (${member.email}), ${ROLE_LABELS[member.role]}`),
    );
    await deps.live.teamChanged();
    return c.body(null, 204);
  });

  routes.get("/audit", async (c) => {
    ownerOnly(c);
    const rows = await stores.dealerships.audit(c.var.user.dealershipId, 500);
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

/**
 * GET /api/auth/invitation?token=… → 200 `{ email, role, dealershipName, invitedBy }` (400 for a
 * link that no longer joins), and POST /api/auth/accept-invitation: `{ token, firstName, lastName,
 * password }` → 201 `{ token, user }`.
 */
export function acceptInvitationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.get("/invitation", async (c) => {
    const token = c.req.query("token") ?? "";
    const found = token
      ? await stores.dealerships.invitationByToken(hashInvitationToken(token), Date.now())
      : undefined;
    if (!found) throw badRequest(MSG.invitationInvalid);
    return c.json<InvitationPreview>({
      email: found.email,
      role: found.role,
      dealershipName: found.dealershipName,
      invitedBy: found.inviterName,
    });
  });
  routes.post("/accept-invitation", async (c) => {
    const body = await parseJson(c, acceptInvitationBodySchema);
    const passwordHash = await hashPassword(body.password);
    const now = Date.now();
    let row: UserRow | null;
    try {
      row = await stores.users.acceptInvitation(
        hashInvitationToken(body.token),
        now,
        { id: randomUUID(), passwordHash, firstName: body.firstName, lastName: body.lastName },
        (user) => audit(user, "joined", `${user.email} as ${ROLE_LABELS[user.role]}`, now),
      );
    } catch (error) {
      // Someone registered the invited email meanwhile: the invitation stays unused (rolled back).
      if (error instanceof EmailTakenError) throw conflict(MSG.emailTaken);
      throw error;
    }
    if (!row) throw badRequest(MSG.invitationInvalid);
    const user = toPublicUser(row, await stores.dealerships.profile(row.dealershipId));
    return c.json<AuthResponse>({ token: await tokens.issue(row), user }, 201);
  });
  return routes;
}

/** PUT /api/quotes/:id/salesperson `{ userId }`: owners and managers reassign a quote. */
export function reassignRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const commands = commandDeps(deps);
  const routes = new Hono<AppEnv>();
  routes.put("/:id/salesperson", requireUser(tokens), async (c) => {
    const actor = c.var.user;
    // Another dealership's quote does not exist (404); a salesperson of this one may not reassign (403).
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), actor, "reassign");
    const body = await parseJson(c, reassignBodySchema);
    const salesperson = await reassignQuote(commands, { quote, actor, salespersonId: body.userId });
    return c.json({ salesperson });
  });
  return routes;
}
