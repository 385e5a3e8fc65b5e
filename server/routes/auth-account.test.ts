import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { afterEach, describe, expect, it } from "vitest";
import {
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

describe("PUT /api/auth/account", () => {
  it("updates the names (trimmed) and answers {user}; the other dealer is untouched", async () => {
    t = createTestApp();
    const a = await register(t);
    const b = await register(t, { firstName: "Bo", lastName: "Other" });
    const user = await userOf(
      await t.call(
        "PUT",
        "/api/auth/account",
        { firstName: " Jo ", lastName: "Ng", email: "x@y.z" },
        a.token,
      ),
    );
    expect(user).toEqual({ ...a.user, firstName: "Jo", lastName: "Ng" });
    expect(await userOf(await me(t, a.token))).toEqual(user);
    expect(await userOf(await me(t, b.token))).toEqual(b.user);
  });

  it("answers the spec's messages and wrong types with 400, changing nothing", async () => {
    t = createTestApp();
    const a = await register(t);
    const put = (body: unknown) => t.call("PUT", "/api/auth/account", body, a.token);
    expect(await fieldErrorsOf(await put({ firstName: " ", lastName: "" }))).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
    });
    expect(await fieldErrorsOf(await put({ firstName: 1, lastName: null }))).toEqual({
      firstName: MSG.expectedText,
      lastName: MSG.expectedText,
    });
    expect(await userOf(await me(t, a.token))).toEqual(a.user);
  });

  it("needs a signed-in dealer", async () => {
    t = createTestApp();
    const res = await t.call("PUT", "/api/auth/account", { firstName: "A", lastName: "B" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: CORE_MSG.authenticationRequired });
  });
});

describe("PUT /api/auth/profile", () => {
  const profile = {
    dealershipName: " Example Motors ",
    streetAddress: "1 Main St",
    city: "Austin",
    state: "tx",
    zipCode: "78701",
    phoneNumber: "(512) 555-0100",
  };

  it("saves the phone as digits and the state uppercased, answers {user}", async () => {
    t = createTestApp();
    const a = await register(t);
    const b = await register(t, { dealershipName: "Other Autos" });
    const user = await userOf(await t.call("PUT", "/api/auth/profile", profile, a.token));
    expect(user.dealerProfile).toEqual({
      dealershipName: "Example Motors",
      streetAddress: "1 Main St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      phoneNumber: "5125550100",
    });
    expect((await t.stores.dealerships.profile(userRow(t, a.user.id)?.dealershipId ?? "")).phoneNumber).toBe(
      "5125550100",
    );
    expect(await userOf(await me(t, b.token))).toEqual(b.user);
  });

  it("clears optional fields that are sent empty or left out", async () => {
    t = createTestApp();
    const a = await register(t);
    await userOf(await t.call("PUT", "/api/auth/profile", profile, a.token));
    const user = await userOf(
      await t.call(
        "PUT",
        "/api/auth/profile",
        { dealershipName: "Example Motors", phoneNumber: "5125550100", city: "" },
        a.token,
      ),
    );
    expect(user.dealerProfile).toEqual({
      dealershipName: "Example Motors",
      streetAddress: "",
      city: "",
      state: "",
      zipCode: "",
      phoneNumber: "5125550100",
    });
  });

  it("answers each dealership message of spec §5 and changes nothing", async () => {
    t = createTestApp();
    const a = await register(t);
    const put = (change: Record<string, unknown>) =>
      t.call("PUT", "/api/auth/profile", { ...profile, ...change }, a.token);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ dealershipName: " " }, { dealershipName: MSG.dealershipNameRequired }],
      [{ dealershipName: undefined }, { dealershipName: MSG.dealershipNameRequired }],
      [{ phoneNumber: "" }, { phoneNumber: MSG.phoneInvalid }],
      [{ phoneNumber: "512-555-01" }, { phoneNumber: MSG.phoneInvalid }],
      [{ state: "Tex" }, { state: MSG.stateInvalid }],
      [{ zipCode: "7870" }, { zipCode: MSG.zipInvalid }],
      [
        { city: 5, phoneNumber: 5125550100 },
        { city: MSG.expectedText, phoneNumber: MSG.expectedText },
      ],
    ];
    for (const [change, expected] of cases) {
      expect(await fieldErrorsOf(await put(change)), JSON.stringify(change)).toEqual(expected);
    }
    expect(await userOf(await me(t, a.token))).toEqual(a.user);
  });
});

describe("PUT /api/auth/email", () => {
  it("changes the email (trimmed, lower-case) with the current password; login follows it", async () => {
    t = createTestApp();
    const a = await register(t, { email: "old@example.com" });
    const user = await userOf(
      await t.call(
        "PUT",
        "/api/auth/email",
        { newEmail: "  New.Address@Example.com ", currentPassword: PASSWORD },
        a.token,
      ),
    );
    expect(user).toEqual({ ...a.user, email: "new.address@example.com" });
    expect((await login(t, "new.address@example.com", PASSWORD)).status).toBe(200);
    expect((await login(t, "old@example.com", PASSWORD)).status).toBe(401);
    // The session continues: changing the email does not sign the dealer out.
    expect((await me(t, a.token)).status).toBe(200);
  });

  it("refuses a wrong current password with a clear message and keeps the email", async () => {
    t = createTestApp();
    const a = await register(t);
    const res = await t.call(
      "PUT",
      "/api/auth/email",
      { newEmail: "new@example.com", currentPassword: "not my password" },
      a.token,
    );
    expect(await fieldErrorsOf(res)).toEqual({ currentPassword: MSG.currentPasswordIncorrect });
    expect(userRow(t, a.user.id)?.email).toBe(a.email);
  });

  it("refuses an email another dealer has, in any letter case, with 409", async () => {
    t = createTestApp();
    const a = await register(t);
    const b = await register(t, { email: "taken@example.com" });
    const res = await t.call(
      "PUT",
      "/api/auth/email",
      { newEmail: "Taken@Example.com", currentPassword: PASSWORD },
      a.token,
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: MSG.emailTaken });
    expect(userRow(t, a.user.id)?.email).toBe(a.email);
    expect(userRow(t, b.user.id)?.email).toBe("taken@example.com");
  });

  it("answers the change-email messages for bad input", async () => {
    t = createTestApp();
    const a = await register(t, { email: "me@example.com" });
    const put = (body: unknown) => t.call("PUT", "/api/auth/email", body, a.token);
    expect(await fieldErrorsOf(await put({ newEmail: "nope", currentPassword: PASSWORD }))).toEqual({
      newEmail: MSG.emailInvalidAddress,
    });
    expect(await fieldErrorsOf(await put({ newEmail: "new@example.com", currentPassword: "" }))).toEqual({
      currentPassword: MSG.currentPasswordRequired,
    });
    expect(
      await fieldErrorsOf(await put({ newEmail: " ME@example.com", currentPassword: PASSWORD })),
    ).toEqual({
      newEmail: MSG.emailUnchanged,
    });
    expect(await fieldErrorsOf(await put({ newEmail: 1, currentPassword: [] }))).toEqual({
      newEmail: MSG.expectedText,
      currentPassword: MSG.expectedText,
    });
    expect(userRow(t, a.user.id)?.email).toBe("me@example.com");
  });
});

describe("PUT /api/auth/password", () => {
  it("changes the password, answers {message, token}: the new token works, older ones die", async () => {
    t = createTestApp();
    const a = await register(t);
    const otherSession = (await (await login(t, a.email, PASSWORD)).json()) as { token: string };
    const res = await t.call(
      "PUT",
      "/api/auth/password",
      { currentPassword: PASSWORD, newPassword: "a brand new secret 🚗" },
      a.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; token: string };
    expect(body.message).toBe(MSG.passwordUpdated);
    expect(await userOf(await me(t, body.token))).toEqual(a.user);
    for (const old of [a.token, otherSession.token]) {
      const refused = await me(t, old);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: CORE_MSG.authenticationRequired });
    }
    expect((await login(t, a.email, PASSWORD)).status).toBe(401);
    expect((await login(t, a.email, "a brand new secret 🚗")).status).toBe(200);
  });

  it("refuses a wrong current password and keeps the old one working", async () => {
    t = createTestApp();
    const a = await register(t);
    const res = await t.call(
      "PUT",
      "/api/auth/password",
      { currentPassword: "guess guess", newPassword: "another password" },
      a.token,
    );
    expect(await fieldErrorsOf(res)).toEqual({ currentPassword: MSG.currentPasswordIncorrect });
    expect((await login(t, a.email, PASSWORD)).status).toBe(200);
    expect((await me(t, a.token)).status).toBe(200);
  });

  it("locks out repeated wrong current passwords with 429", async () => {
    t = createTestApp({ loginMaxFailures: 2 });
    const a = await register(t);
    const put = (currentPassword: string) =>
      t.call("PUT", "/api/auth/password", { currentPassword, newPassword: "another password" }, a.token);
    expect((await put("wrong 1")).status).toBe(400);
    expect((await put("wrong 2")).status).toBe(400);
    expect((await put(PASSWORD)).status).toBe(429);
    expect((await login(t, a.email, PASSWORD)).status).toBe(200);
  });

  it("answers the change-password messages for bad input", async () => {
    t = createTestApp();
    const a = await register(t);
    const put = (body: unknown) => t.call("PUT", "/api/auth/password", body, a.token);
    expect(await fieldErrorsOf(await put({ newPassword: "long enough" }))).toEqual({
      currentPassword: MSG.currentPasswordRequired,
    });
    expect(await fieldErrorsOf(await put({ currentPassword: PASSWORD, newPassword: "short" }))).toEqual({
      newPassword: MSG.passwordMinLengthLong,
    });
    expect(
      await fieldErrorsOf(await put({ currentPassword: PASSWORD, newPassword: "x".repeat(129) })),
    ).toEqual({ newPassword: MSG.passwordTooLong });
    expect(await fieldErrorsOf(await put({ currentPassword: PASSWORD, newPassword: 12345678 }))).toEqual({
      newPassword: MSG.expectedText,
    });
    expect((await login(t, a.email, PASSWORD)).status).toBe(200);
  });
});
