import type { users } from "./db/schema";

export type UserRow = typeof users.$inferSelect;

/** Hono context variables set by our middleware. */
export type AppEnv = {
  Variables: {
    user: UserRow;
    optionalUser: UserRow | null;
  };
};
