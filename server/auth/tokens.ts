import { errors, jwtVerify, SignJWT } from "jose";
import type { UserRow, UserStore } from "../db/repositories/users";

const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = "HS256";

export type TokenService = {
  issue(user: Pick<UserRow, "id">): Promise<string>;
  /** The token's user, or null when the token is missing, malformed, expired or revoked. */
  verify(token: string | null | undefined): Promise<UserRow | null>;
  /**
   * Which of these tokens (user, issued at) their users still accept: a password change, reset or
   * role change refuses every token issued before it. One query for all of them (the live watch).
   */
  stillValid(tokens: readonly { userId: string; issuedAtMs: number }[]): Promise<boolean[]>;
};

export function createTokenService(users: UserStore, secret: string): TokenService {
  const key = new TextEncoder().encode(secret);

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
        const user = await users.byId(payload.sub);
        if (!user || issuedAtMs < user.tokensValidAfter) return null;
        return user;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },

    async stillValid(tokens) {
      const after = await users.tokensValidAfter([...new Set(tokens.map((t) => t.userId))]);
      return tokens.map((t) => {
        const from = after.get(t.userId);
        return from !== undefined && t.issuedAtMs >= from;
      });
    },
  };
}

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
