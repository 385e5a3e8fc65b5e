import type { PublicUser } from "@shared/api-types";
import type { UserRow } from "../app-env";

/** The user as the API shows it: never the password hash or token bookkeeping. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    dealerProfile: {
      dealershipName: row.dealershipName,
      streetAddress: row.streetAddress,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      phoneNumber: row.phoneNumber,
    },
  };
}
