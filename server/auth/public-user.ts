import type { DealerProfile, PublicUser } from "@shared/core/api-types";
import type { UserRow } from "../db/repositories/users";

/** The user as the API shows it: never the password hash or token bookkeeping. */
export function toPublicUser(row: UserRow, dealerProfile: DealerProfile): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    dealerProfile,
  };
}
