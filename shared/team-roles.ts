// What each member of a dealership may do (issue #20). The REST routes and the live channel ask
// these functions; the UI only mirrors them. The shopper's exact writable keys are in the quote
// guard (#13); a member the rules below let into a quote writes it as its DEALER.

export const TEAM_ROLES = ["owner", "manager", "salesperson"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles an invitation or a role change may give: there is one owner, the dealership's creator. */
export const INVITABLE_ROLES = ["manager", "salesperson"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "owner",
  manager: "manager",
  salesperson: "salesperson",
};

export type Member = { id: string; dealershipId: string; role: TeamRole };
export type QuoteOwnership = { dealerId: string; salespersonId: string };

/** Members, invitations, roles and the audit: the owner only. */
export const mayManageTeam = (member: Pick<Member, "role">) => member.role === "owner";

/** Profile and defaults (add-ons, taxes, fees, rates): owner and manager; a salesperson reads them. */
export const mayWriteDefaults = (member: Pick<Member, "role">) =>
  member.role === "owner" || member.role === "manager";

/** Every quote of the dealership (desk log, open, edit live, reassign): owner and manager. */
export const seesEveryQuote = (member: Pick<Member, "role">) => mayWriteDefaults(member);

/**
 * Opening, editing (REST or live, as DEALER) and deleting a quote: a member of its dealership who
 * is its salesperson, or an owner or manager. Anyone else is told it does not exist.
 */
export const mayWorkQuote = (member: Member, quote: QuoteOwnership) =>
  member.dealershipId === quote.dealerId && (seesEveryQuote(member) || member.id === quote.salespersonId);

/** Reassigning a quote to another salesperson: owner and manager. */
export const mayReassign = (member: Member, quote: QuoteOwnership) =>
  member.dealershipId === quote.dealerId && seesEveryQuote(member);

/** How presence and the history name a member: "Dana (manager)". */
export const memberLabel = (firstName: string, role: TeamRole) =>
  `${firstName.trim() || "Dealer"} (${ROLE_LABELS[role]})`;
