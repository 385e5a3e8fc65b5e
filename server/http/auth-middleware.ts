import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { bearerToken, type TokenService } from "../auth/tokens";
import { unauthorized } from "../errors";

/** Requires a valid bearer token; sets `c.var.user`. */
export function requireUser(tokens: TokenService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await tokens.verify(bearerToken(c.req.header("Authorization")));
    if (!user) throw unauthorized();
    c.set("user", user);
    await next();
  };
}

/** Reads a bearer token when one is sent; sets `c.var.optionalUser` (null otherwise). */
export function optionalUser(tokens: TokenService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("optionalUser", await tokens.verify(bearerToken(c.req.header("Authorization"))));
    await next();
  };
}
