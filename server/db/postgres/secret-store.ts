import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { appSecrets } from "../schema.pg";
import type { PgDb } from "./connection";

/**
 * The JWT secret every process shares when DATABASE_URL is set. JWT_SECRET, when given, wins.
 * Otherwise the first process to start generates one; `ON CONFLICT DO NOTHING` then a read makes
 * processes starting together agree on the same value.
 */
export async function loadSharedJwtSecret(db: PgDb, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: "jwt", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "jwt"));
  if (!row) throw new Error("The JWT secret could not be stored in PostgreSQL.");
  return row.value;
}
