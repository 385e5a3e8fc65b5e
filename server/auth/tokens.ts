import { eq } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import type { UserRow } from "../app-env";
import type { Db } from "../db/connection";
import { users } from "../db/schema";

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = "HS256";

export type TokenService = {
  issue(user: Pick<UserRow, "id">): Promise<string>;
  /** The token's user, or null when the token is missing, malformed, expired or revoked. */
  verify(token: string | null | undefined): Promise<UserRow | null>;
  /** True while a user still accepts a token issued at `issuedAtMs` (changes on password change). */
  isStillValid(userId: string, issuedAtMs: number): boolean;
};

export function createTokenService(db: Db, secret: string): TokenService {
  const key = new TextEncoder().encode(secret);

  const isStillValid = (userId: string, issuedAtMs: number) => {
    const row = db.select({ after: users.tokensValidAfter }).from(users).where(eq(users.id, userId)).get();
    return row !== undefined && issuedAtMs >= row.after;
  };

  return {
    async issue(user) {
      // `iat` has whole seconds only; `iatMs` lets a token issued right after a reset stay valid
      // while every token issued before it is refused.
      return new SignJWT({ iatMs: Date.now() })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },

    async verify(token) {
      if (!token || token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        const issuedAtMs = typeof payload.iatMs === "number" ? payload.iatMs : -1;
        if (!payload.sub) return null;
        const user = db.select().from(users).where(eq(users.id, payload.sub)).get();
        if (!user || issuedAtMs < user.tokensValidAfter) return null;
        return user;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },

    isStillValid,
  };
}

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
