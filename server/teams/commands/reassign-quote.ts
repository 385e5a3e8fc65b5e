import { memberLabel } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import type { QuoteRow } from "../../db/repositories/quotes";
import type { UserRow } from "../../db/repositories/users";
import { badRequest } from "../../errors";
import type { CommandDeps } from "../../quotes/commands/command-deps";
import { storeReassignment } from "../../quotes/quote-lifecycle";
import { auditEntry, fullName } from "../audit-entry";

/**
 * PUT /api/quotes/:id/salesperson (issue #20): the quote passes to another member of its
 * dealership. The new salesperson, the history row, the audit line and `quote.reassigned` are one
 * transaction; then the previous salesperson's open sockets close (4401) on every process (issue
 * #33). Reassigning to the salesperson it has changes nothing. Answers the salesperson.
 */
export async function reassignQuote(
  deps: CommandDeps,
  { quote, actor, salespersonId }: { quote: QuoteRow; actor: UserRow; salespersonId: string },
): Promise<{ id: string; name: string }> {
  const target = await deps.stores.users.member(actor.dealershipId, salespersonId);
  if (!target)
    throw badRequest(MSG.salespersonNotFound, [{ field: "userId", message: MSG.salespersonNotFound }]);
  if (target.id !== quote.salespersonId) {
    const previous = await deps.stores.users.byId(quote.salespersonId);
    const from = previous ? fullName(previous) : "";
    const now = Date.now();
    await storeReassignment(deps, {
      quote,
      salespersonId: target.id,
      event: {
        at: now,
        role: "DEALER",
        actor: memberLabel(actor.firstName, actor.role),
        field: "salesperson",
        oldValue: from || null,
        newValue: fullName(target),
      },
      audit: auditEntry(
        actor,
        "reassigned",
        `${quote.vehicleDescription}: ${from || "nobody"} → ${fullName(target)}`,
        now,
      ),
    });
    await deps.live.stateChanged(quote.id);
  }
  return { id: target.id, name: fullName(target) };
}
