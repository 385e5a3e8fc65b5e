import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ResetTokenStore } from "../db/repositories/users";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** 256 random bits, well above the 128 a guess-proof link needs. */
const RESET_TOKEN_BYTES = 32;

/** Only this hash is stored: a copy of the database must not let anyone reset a password. */
export const hashResetToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * A new single-use reset token for the user. Older unused tokens are dropped, so only the newest
 * email's link works (a dealer who asks twice should not have two live keys in their mailbox).
 */
export async function createResetToken(
  store: ResetTokenStore,
  userId: string,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(RESET_TOKEN_BYTES).toString("base64url");
  await store.replace({
    id: randomUUID(),
    userId,
    tokenHash: hashResetToken(token),
    expiresAt: now + RESET_TOKEN_TTL_MS,
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and answers its user id, or null when it is unknown, expired or already
 * used ("use once" holds even for two requests at the same moment: a conditional update).
 */
export const consumeResetToken = (store: ResetTokenStore, token: string, now = Date.now()) =>
  store.consume(hashResetToken(token), now);
