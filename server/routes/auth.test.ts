import { tooManyLoginAttempts } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import argon2 from "argon2";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import {
  allUsers,
  fieldErrorsOf,
  login,
  me,
  PASSWORD,
  register,
  userOf,
  userRow,
} from "../test-support/auth-test-support";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

describe("POST /api/auth/register", () => {
  it("creates the dealer with the profile, answers {token, user} and the token works", async () => {
    t = createTestApp();
    const res = await t.call("POST", "/api/auth/register", {
      email: "  Dana.Whitfield@Example.COM ",
      password: PASSWORD,
      firstName: " Dana ",
      lastName: "Whitfield",
      dealershipName: "Example Motors",
      streetAddress: "1 Main St",
      city: "Austin",
      state: "tx",
      zipCode: "78701-1234",
      phoneNumber: "(512) 555-0100",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(body.user).toEqual({
      id: expect.any(String),
      email: "dana.whitfield@example.com",
      firstName: "Dana",
      lastName: "Whitfield",
      role: "owner",
      dealerProfile: {
        dealershipName: "Example Motors",
        streetAddress: "1 Main St",
        city: "Austin",
        state: "TX",
        zipCode: "78701-1234",
        phoneNumber: "5125550100",
      },
    });
    expect(Object.keys(body.user)).not.toContain("passwordHash");
    expect(await userOf(await me(t, body.token))).toEqual(body.user);
    expect(userRow(t, body.user.id as string)?.email).toBe("dana.whitfield@example.com");
  });

  it("stores the optional dealership fields empty when they are left out or blank", async () => {
    t = createTestApp();
    const { user } = await register(t, { city: "  ", zipCode: "", phoneNumber: null });
    expect(user.dealerProfile).toEqual({
      dealershipName: "",
      streetAddress: "",
      city: "",
      state: "",
      zipCode: "",
      phoneNumber: "",
    });
  });

  it("answers each validation message of spec §5 and stores nothing", async () => {
    t = createTestApp();
    const call = (body: unknown) => t.call("POST", "/api/auth/register", body);
    expect(await fieldErrorsOf(await call({}))).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
    });
    const valid = { email: "a@example.com", password: PASSWORD, firstName: "A", lastName: "B" };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: "not-an-email" }, { email: MSG.emailInvalid }],
      [{ email: "  " }, { email: MSG.emailRequired }],
      [{ password: "" }, { password: MSG.passwordRequired }],
      [{ password: "1234567" }, { password: MSG.passwordMinLength }],
      [{ password: "x".repeat(129) }, { password: MSG.passwordTooLong }],
      [{ firstName: " " }, { firstName: MSG.firstNameRequired }],
      [{ lastName: "" }, { lastName: MSG.lastNameRequired }],
      [{ phoneNumber: "555-0100" }, { phoneNumber: MSG.phone10Digits }],
      [{ zipCode: "1234" }, { zipCode: MSG.zipInvalid }],
      [{ state: "Texas" }, { state: MSG.stateInvalid }],
    ];
    for (const [change, expected] of cases) {
      expect(await fieldErrorsOf(await call({ ...valid, ...change })), JSON.stringify(change)).toEqual(
        expected,
      );
    }
    expect(allUsers(t)).toEqual([]);
  });

  it("answers wrong types with 400 and field errors", async () => {
    t = createTestApp();
    const res = await t.call("POST", "/api/auth/register", {
      email: 5,
      password: true,
      firstName: ["Dana"],
      lastName: { name: "W" },
      city: 12,
    });
    expect(await fieldErrorsOf(res)).toEqual({
      email: MSG.expectedText,
      password: MSG.expectedText,
      firstName: MSG.expectedText,
      lastName: MSG.expectedText,
      city: MSG.expectedText,
    });
    const notJson = await t.call("POST", "/api/auth/register", "{nope");
    expect(notJson.status).toBe(400);
    expect(allUsers(t)).toEqual([]);
  });

  it("ignores unknown fields, including ones that look like internals", async () => {
    t = createTestApp();
    const { user } = await register(t, {
      id: "chosen-id",
      passwordHash: "x",
      tokensValidAfter: 0,
      isAdmin: true,
    });
    expect(user.id).not.toBe("chosen-id");
    expect(user).not.toHaveProperty("isAdmin");
    expect((await login(t, user.email, PASSWORD)).status).toBe(200);
  });

  it("refuses an email that is taken in any letter case with 409 and keeps the first account", async () => {
    t = createTestApp();
    const first = await register(t, { email: "sales@example.com", firstName: "First" });
    const res = await t.call("POST", "/api/auth/register", {
      email: " SALES@Example.com",
      password: "another password",
      firstName: "Second",
      lastName: "Dealer",
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: MSG.emailTaken });
    expect(allUsers(t)).toHaveLength(1);
    expect(userRow(t, first.user.id)?.firstName).toBe("First");
    expect((await login(t, "sales@example.com", PASSWORD)).status).toBe(200);
  });

  it("accepts passwords of 8 to 128 characters of any kind", async () => {
    t = createTestApp();
    const passwords = ["12345678", "🔑🚗 with spaces 🔑", "  leading and trailing  ", "é".repeat(128)];
    for (const password of passwords) {
      const account = await register(t, { password });
      const res = await login(t, account.email, password);
      expect(res.status, password).toBe(200);
    }
  });

  it("stores an argon2id hash at OWASP's 46 MiB, one-pass minimum, never the password", async () => {
    t = createTestApp();
    const { user } = await register(t);
    const hash = userRow(t, user.id)?.passwordHash ?? "";
    // PHC string: $argon2id$v=19$m=47104,t=1,p=1$salt$hash (parameter order varies by library).
    const [, algorithm, , paramText] = hash.split("$");
    expect(algorithm).toBe("argon2id");
    const params = Object.fromEntries((paramText ?? "").split(",").map((kv) => kv.split("=")));
    expect(Number(params.m)).toBeGreaterThanOrEqual(47_104);
    expect(Number(params.t)).toBeGreaterThanOrEqual(1);
    expect(hash).not.toContain(PASSWORD);
  });

  it("still logs in an account whose hash has the earlier parameters (19 MiB, 2 passes)", async () => {
    t = createTestApp();
    const { user, email } = await register(t);
    const earlier = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    t.db.update(users).set({ passwordHash: earlier }).where(eq(users.id, user.id)).run();
    expect((await login(t, email, PASSWORD)).status).toBe(200);
    expect((await login(t, email, `${PASSWORD}!`)).status).toBe(401);
  });
});

describe("POST /api/auth/login", () => {
  it("answers {token, user}; the email is matched case-insensitively and trimmed", async () => {
    t = createTestApp();
    const account = await register(t, { email: "owner@example.com" });
    const res = await login(t, "  OWNER@example.COM ", PASSWORD);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: unknown };
    expect(body.user).toEqual(account.user);
    expect(await userOf(await me(t, body.token))).toEqual(account.user);
  });

  it("answers the same 'Invalid email or password' for an unknown email and a wrong password", async () => {
    t = createTestApp();
    const account = await register(t);
    const unknown = await login(t, "nobody@example.com", PASSWORD);
    const wrong = await login(t, account.email, "wrong password");
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: MSG.invalidCredentials });
    }
  });

  it("needs both fields and refuses wrong types", async () => {
    t = createTestApp();
    expect(await fieldErrorsOf(await t.call("POST", "/api/auth/login", {}))).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(
      await fieldErrorsOf(await t.call("POST", "/api/auth/login", { email: ["a"], password: 12345678 })),
    ).toEqual({ email: MSG.expectedText, password: MSG.expectedText });
  });

  it("locks an address + email out with 429 after repeated failures, then lets it in again", async () => {
    t = createTestApp({ loginMaxFailures: 3, loginWindowMs: 1500, trustProxy: true });
    const account = await register(t);
    const from = (ip: string, email: string, password: string) =>
      t.app.request("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await from("203.0.113.7", account.email, "wrong password")).status).toBe(401);
    }
    // Locked: even the right password is refused until the window has passed.
    const locked = await from("203.0.113.7", account.email.toUpperCase(), PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: tooManyLoginAttempts(1) });
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address, or another email from the same address, is not affected.
    expect((await from("198.51.100.2", account.email, PASSWORD)).status).toBe(200);
    expect((await from("203.0.113.7", "other@example.com", "x")).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await from("203.0.113.7", account.email, PASSWORD)).status).toBe(200);
  });

  it("a successful login clears earlier failures", async () => {
    t = createTestApp({ loginMaxFailures: 2 });
    const account = await register(t);
    expect((await login(t, account.email, "wrong one")).status).toBe(401);
    expect((await login(t, account.email, PASSWORD)).status).toBe(200);
    expect((await login(t, account.email, "wrong two")).status).toBe(401);
    expect((await login(t, account.email, PASSWORD)).status).toBe(200);
  });
});

describe("GET /api/auth/me", () => {
  it("answers {user} for a valid token and 401 'Authentication required' otherwise", async () => {
    t = createTestApp();
    const account = await register(t);
    expect(await userOf(await me(t, account.token))).toEqual(account.user);
    for (const token of [undefined, "garbage", `${account.token}x`]) {
      const res = await t.call("GET", "/api/auth/me", undefined, token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: CORE_MSG.authenticationRequired });
    }
  });

  it("pins HS256 and the secret: tokens signed another way are refused", async () => {
    t = createTestApp();
    const { user } = await register(t);
    const claims = { iatMs: Date.now() + 1000 };
    const secret = new TextEncoder().encode(t.config.jwtSecret);
    const otherSecret = new TextEncoder().encode("another-secret-of-at-least-32-characters!!");
    const forged = [
      await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).setSubject(user.id).sign(secret),
      await new SignJWT(claims).setProtectedHeader({ alg: "HS384" }).setSubject(user.id).sign(secret),
      await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(user.id).sign(otherSecret),
      // alg "none": header and payload without a signature.
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(
        JSON.stringify({ sub: user.id, ...claims }),
      ).toString("base64url")}.`,
    ];
    for (const token of forged) {
      expect((await me(t, token)).status).toBe(401);
    }
    // The same claims signed HS256 with the real secret pass, so the refusals above are about the signature.
    const genuine = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setExpirationTime("1h")
      .sign(secret);
    expect((await me(t, genuine)).status).toBe(200);
  });

  it("refuses an expired token", async () => {
    t = createTestApp();
    const { user } = await register(t);
    const secret = new TextEncoder().encode(t.config.jwtSecret);
    const expired = await new SignJWT({ iatMs: Date.now() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect((await me(t, expired)).status).toBe(401);
  });
});
