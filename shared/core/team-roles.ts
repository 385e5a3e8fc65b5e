// A dealership's team roles (#20), a module of their own: the API's types and the permissions
// table both name them (shared/rules/permissions.ts says what each role may do).

const TEAM_ROLES = ["owner", "manager", "salesperson"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles an invitation or a role change may give: there is one owner, the dealership's creator. */
export const INVITABLE_ROLES = ["manager", "salesperson"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
