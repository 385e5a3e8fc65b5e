import type { AuditEntry } from "../db/repositories/dealerships";
import type { UserRow } from "../db/repositories/users";

// The team audit (issue #20): every change of a team, and every reassignment, is a line with who
// did it and when.

/** "Sam Rivera". */
export const fullName = (u: Pick<UserRow, "firstName" | "lastName">) => `${u.firstName} ${u.lastName}`.trim();

/** One line of the team audit, by `actor`. */
export const auditEntry = (actor: UserRow, action: string, detail: string, at = Date.now()): AuditEntry => ({
  dealershipId: actor.dealershipId,
  at,
  actorId: actor.id,
  actorName: fullName(actor),
  action,
  detail,
});
