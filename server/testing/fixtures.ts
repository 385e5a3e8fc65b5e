import { randomUUID } from "node:crypto";
import type { UserRow } from "../app-env";
import { users } from "../db/schema";
import type { TestApp } from "./test-app";

let counter = 0;

/**
 * A dealer row written straight into the database, with a valid token. For tests of other
 * resources; the auth routes' own tests register through the API.
 */
export async function createDealer(
  t: Pick<TestApp, "db" | "tokens">,
  overrides: Partial<UserRow> = {},
): Promise<{ user: UserRow; token: string }> {
  counter += 1;
  const now = Date.now();
  const user: UserRow = {
    id: randomUUID(),
    email: `dealer${counter}-${now}@example.com`,
    passwordHash: "not-a-real-hash",
    firstName: "Dana",
    lastName: "Dealer",
    dealershipName: "Example Motors",
    streetAddress: "",
    city: "",
    state: "",
    zipCode: "",
    phoneNumber: "",
    tokensValidAfter: now - 1000,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  t.db.insert(users).values(user).run();
  return { user, token: await t.tokens.issue(user) };
}
