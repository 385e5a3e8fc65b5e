import { randomUUID } from "node:crypto";
import type { AuthResponse, PublicUser } from "@shared/core/api-types";
import { tooManyLoginAttempts } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import {
  accountBodySchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
} from "@shared/validation/account";
import { profileBodySchema } from "@shared/validation/dealership";
import { requestResetBodySchema, resetPasswordBodySchema } from "@shared/validation/password-reset";
import { loginBodySchema, registerBodySchema } from "@shared/validation/register";
import { type Context, Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv, UserRow } from "../app-env";
import { createLoginRateLimiter, loginAttemptKey } from "../auth/login-rate-limit";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../auth/passwords";
import { toPublicUser } from "../auth/public-user";
import { consumeResetToken, createResetToken } from "../auth/reset-tokens";
import { EmailTakenError, RegistrationClosedError, type UserChanges } from "../db/repositories/users";
import { ApiError, badRequest, conflict, forbidden, unauthorized } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { clientIp } from "../http/client-ip";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";
import { sendResetEmail } from "../mail/reset-email";
import { authorize } from "../policies/policy";
import { registrationOpen } from "../teams/registration";

export const RESET_EMAILS_PER_HOUR = 5;

/**
 * Spec §7 /auth: register, log in, the current user, password reset by email, and account edits.
 * Answers: login and register {token, user} (register 201); me, email, account and profile {user};
 * password {message, token} (the fresh token keeps this session while older ones die);
 * request-reset and reset-password {message}, never a token.
 */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, config } = deps;
  const { users } = stores;
  const log = deps.log ?? console.log;
  const routes = new Hono<AppEnv>();
  const limiter = createLoginRateLimiter(
    stores.attempts,
    "login",
    config.loginMaxFailures,
    config.loginWindowMs,
  );
  // At most a few reset emails per account and hour, so nobody can flood a dealer's mailbox.
  const resetMails = createLoginRateLimiter(
    stores.attempts,
    "reset-mail",
    RESET_EMAILS_PER_HOUR,
    60 * 60 * 1000,
  );
  // Volume caps per client address: sign-ups and reset requests (whichever accounts they name).
  const signups = createRequestRateLimiter(config.signupsPerIpPerHour, 60 * 60 * 1000);
  const resetRequests = createRequestRateLimiter(config.resetMailsPerIpPerHour, 60 * 60 * 1000);
  const signedIn = requireUser(tokens);

  const publicUser = async (row: UserRow) =>
    toPublicUser(row, await stores.dealerships.profile(row.dealershipId));

  /** The user's own fields changed; a taken email is 409. */
  const updateUser = async (id: string, values: UserChanges): Promise<PublicUser> => {
    try {
      const row = await users.update(id, values);
      if (!row) throw unauthorized();
      return publicUser(row);
    } catch (error) {
      if (error instanceof EmailTakenError) throw conflict(MSG.emailTaken);
      throw error;
    }
  };

  /** 429 while the pair is locked out; the minutes tell the dealer how long to wait. */
  const refuseWhileLocked = async (c: Context<AppEnv>, key: string) => {
    const waitMs = await limiter.retryAfterMs(key);
    if (waitMs === 0) return;
    c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
    throw new ApiError(429, tooManyLoginAttempts(Math.ceil(waitMs / 60_000)));
  };

  /** Checks a signed-in dealer's current password, with the same lockout as logins. */
  const checkCurrentPassword = async (c: Context<AppEnv>, user: UserRow, password: string) => {
    const key = loginAttemptKey(clientIp(c, config.trustProxy), `current-password:${user.id}`);
    await refuseWhileLocked(c, key);
    if (await verifyPassword(user.passwordHash, password)) {
      await limiter.reset(key);
      return;
    }
    await limiter.recordFailure(key);
    throw badRequest(MSG.currentPasswordIncorrect, [
      { field: "currentPassword", message: MSG.currentPasswordIncorrect },
    ]);
  };

  routes.post("/login", async (c) => {
    const body = await parseJson(c, loginBodySchema);
    const key = loginAttemptKey(clientIp(c, config.trustProxy), body.email);
    await refuseWhileLocked(c, key);
    const user = await users.byEmail(body.email);
    const ok = user
      ? await verifyPassword(user.passwordHash, body.password)
      : await verifyAgainstDummy(body.password);
    if (!user || !ok) {
      await limiter.recordFailure(key);
      throw unauthorized(MSG.invalidCredentials);
    }
    await limiter.reset(key);
    return c.json<AuthResponse>({ token: await tokens.issue(user), user: await publicUser(user) });
  });

  // GET tells the register page whether sign-up is open (REGISTRATION), before anyone types.
  routes.get("/registration", async (c) =>
    c.json({ open: await registrationOpen(stores.dealerships, config) }),
  );

  routes.post("/register", async (c) => {
    // Every attempt counts before anything is looked up, a taken email included: past the cap the
    // answer is 429 whatever the email, so the 409 cannot be used to test addresses in bulk. And
    // before the (deliberately slow) password hash: a flood costs the server nothing.
    enforceRateLimit(c, signups, clientIp(c, config.trustProxy));
    if (!(await registrationOpen(stores.dealerships, config))) throw forbidden(MSG.registrationClosed);
    const body = await parseJson(c, registerBodySchema);
    // Hashed before the lookup: a taken email answers 409 after the same work as a sign-up, so
    // the time of the answer does not tell whether an account exists.
    const passwordHash = await hashPassword(body.password);
    if (await users.byEmail(body.email)) throw conflict(MSG.emailTaken);
    const now = Date.now();
    const profile = {
      dealershipName: body.dealershipName ?? "",
      streetAddress: body.streetAddress ?? "",
      city: body.city ?? "",
      state: body.state ?? "",
      zipCode: body.zipCode ?? "",
      phoneNumber: body.phoneNumber ?? "",
    };
    let row: UserRow;
    try {
      // A new dealership and its owner, together or not at all. With REGISTRATION=first the same
      // transaction closes registration: of simultaneous sign-ups on a fresh server one gets in.
      const owner = {
        id: randomUUID(),
        email: body.email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        tokensValidAfter: now,
        createdAt: now,
        updatedAt: now,
      };
      row = await users.registerOwner(profile, owner, { onlyFirst: config.registration === "first" });
    } catch (error) {
      if (error instanceof EmailTakenError) throw conflict(MSG.emailTaken);
      if (error instanceof RegistrationClosedError) throw forbidden(MSG.registrationClosed);
      throw error;
    }
    return c.json<AuthResponse>({ token: await tokens.issue(row), user: await publicUser(row) }, 201);
  });

  routes.get("/me", signedIn, async (c) => c.json({ user: await publicUser(c.var.user) }));

  routes.post("/request-reset", async (c) => {
    const body = await parseJson(c, requestResetBodySchema);
    // Every request counts, known address or not, so the 429 reveals nothing about accounts.
    enforceRateLimit(c, resetRequests, clientIp(c, config.trustProxy));
    const user = await users.byEmail(body.email);
    if (user && (await resetMails.retryAfterMs(user.id)) > 0) {
      log(`Password reset email to ${user.email} not sent: ${RESET_EMAILS_PER_HOUR} already sent this hour`);
    } else if (user) {
      await resetMails.recordFailure(user.id);
      const token = await createResetToken(stores.resetTokens, user.id);
      // Sent after answering: waiting for SMTP would make a known email answer measurably slower
      // than an unknown one, and a mail failure must not reveal that the account exists.
      sendResetEmail({ config, mailer: deps.mailer, log }, user, token).catch((error: unknown) =>
        log(
          `Password reset email to ${user.email} failed: ${error instanceof Error ? error.message : error}`,
        ),
      );
    }
    return c.json({ message: MSG.resetRequested });
  });

  routes.post("/reset-password", async (c) => {
    const body = await parseJson(c, resetPasswordBodySchema);
    const userId = await consumeResetToken(stores.resetTokens, body.token);
    if (!userId) throw badRequest(MSG.resetTokenInvalid);
    const passwordHash = await hashPassword(body.password);
    // Every token issued before now dies: whoever knew the old password is signed out.
    await updateUser(userId, { passwordHash, tokensValidAfter: Date.now() });
    await stores.resetTokens.drop(userId);
    // No token here: a reset link alone never signs anyone in; the dealer logs in next.
    return c.json({ message: MSG.resetSuccess });
  });

  routes.put("/email", signedIn, async (c) => {
    const body = await parseJson(c, changeEmailBodySchema);
    const user = c.var.user;
    if (body.newEmail === user.email) {
      throw badRequest(MSG.emailUnchanged, [{ field: "newEmail", message: MSG.emailUnchanged }]);
    }
    await checkCurrentPassword(c, user, body.currentPassword);
    const owner = await users.byEmail(body.newEmail);
    if (owner && owner.id !== user.id) throw conflict(MSG.emailTaken);
    return c.json({ user: await updateUser(user.id, { email: body.newEmail }) });
  });

  routes.put("/password", signedIn, async (c) => {
    const body = await parseJson(c, changePasswordBodySchema);
    const user = c.var.user;
    await checkCurrentPassword(c, user, body.currentPassword);
    const passwordHash = await hashPassword(body.newPassword);
    await updateUser(user.id, { passwordHash, tokensValidAfter: Date.now() });
    await stores.resetTokens.drop(user.id);
    // Older tokens (other browsers, a stolen copy) die; this session continues with a fresh one.
    const token = await tokens.issue(user);
    return c.json({ message: MSG.passwordUpdated, token });
  });

  routes.put("/account", signedIn, async (c) => {
    const body = await parseJson(c, accountBodySchema);
    return c.json({ user: await updateUser(c.var.user.id, body) });
  });

  routes.put("/profile", signedIn, async (c) => {
    // The profile is the dealership's: owners and managers edit it, a salesperson reads it.
    authorize(c.var.user, "writeDefaults");
    const body = await parseJson(c, profileBodySchema);
    await stores.dealerships.updateProfile(c.var.user.dealershipId, body);
    return c.json({ user: await publicUser(c.var.user) });
  });

  return routes;
}
