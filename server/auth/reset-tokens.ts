import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/connection";
import { passwordResetTokens } from "../db/schema";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** 256 random bits, well above the 128 a guess-proof link needs. */
const RESET_TOKEN_BYTES = 32;

/** Only this hash is stored: a copy of the database must not let anyone reset a password. */
export const hashResetToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * A new single-use reset token for the user. Older unused tokens are dropped, so only the newest
 * email's link works (a dealer who asks twice should not have two live keys in their mailbox).
 */
export function createResetToken(db: Db, userId: string, now = Date.now()): string {
  const token = randomBytes(RESET_TOKEN_BYTES).toString("base64url");
  db.transaction((tx) => {
    tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
    tx.insert(passwordResetTokens)
      .values({
        id: randomUUID(),
        userId,
        tokenHash: hashResetToken(token),
        expiresAt: now + RESET_TOKEN_TTL_MS,
        usedAt: null,
        createdAt: now,
      })
      .run();
  });
  return token;
}

/**
 * Marks the token used and answers its user id, or null when it is unknown, expired or already
 * used. The conditional UPDATE makes "use once" hold even for two requests at the same moment.
 */
export function consumeResetToken(db: Db, token: string, now = Date.now()): string | null {
  const row = db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId })
    .get();
  return row?.userId ?? null;
}

/** After a successful reset or password change no other outstanding link may work. */
export function dropResetTokens(db: Db, userId: string): void {
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
}
