import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { MSG } from "@shared/text/messages";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { hashResetToken } from "../auth/reset-tokens";
import { passwordResetTokens } from "../db/schema";
import { fieldErrorsOf, login, me, PASSWORD, register, userRow } from "../test-support/auth-test-support";
import { readMail, resetLinkIn } from "../test-support/read-mail";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { RESET_EMAILS_PER_HOUR } from "./auth";

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

const outboxFiles = () => {
  const dir = path.join(t.dataDir, "outbox");
  return existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : [];
};

/** The mail is sent after the answer, so wait for the outbox to hold `count` files. */
async function waitForOutbox(count: number): Promise<string[]> {
  for (let i = 0; i < 200 && outboxFiles().length < count; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const files = outboxFiles().sort();
  expect(files).toHaveLength(count);
  return files.map((f) => readFileSync(f, "utf8"));
}

const requestReset = (email: unknown, headers: Record<string, string> = {}) =>
  t.app.request("/api/auth/request-reset", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email }),
  });

const resetPassword = (token: unknown, password: unknown) =>
  t.call("POST", "/api/auth/reset-password", { token, password });

const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

describe("POST /api/auth/request-reset", () => {
  it("answers the same message whether or not the email exists, and mails only a real account", async () => {
    t = createTestApp();
    const a = await register(t, { email: "known@example.com" });
    const known = await requestReset(" KNOWN@example.com ");
    const unknown = await requestReset("unknown@example.com");
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: MSG.resetRequested });
    }
    const [raw] = await waitForOutbox(1);
    const mail = readMail(raw as string);
    expect(mail.to).toContain(a.email);
    expect(mail.subject).toContain("DealDesk");
    expect(mail.text).toMatch(/one hour/);
    expect(mail.text).toMatch(/If you did not ask/);
    expect(mail.html).toContain("Reset your password");
  });

  it("builds the link from APP_URL, never from the Host header, and never logs it, also without SMTP", async () => {
    t = createTestApp({}, { APP_URL: "https://deals.example-motors.test" });
    const a = await register(t);
    await requestReset(a.email, { Host: "evil.example", "X-Forwarded-Host": "evil.example" });
    const [raw] = await waitForOutbox(1);
    const link = resetLinkIn(raw as string);
    expect(link).toMatch(/^https:\/\/deals\.example-motors\.test\/reset-password\?token=/);
    expect(readMail(raw as string).html).toContain(link);
    expect(t.logs.some((line) => line.includes(new URL(link).searchParams.get("token") as string))).toBe(
      false,
    );
    // The page the link opens sends no Referer, so the token never leaks to another site.
    const page = await t.app.request(new URL(link).pathname + new URL(link).search);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("stores only a hash of a token of at least 128 random bits, valid for one hour", async () => {
    t = createTestApp();
    const a = await register(t);
    await requestReset(a.email);
    const token = tokenOf(resetLinkIn((await waitForOutbox(1))[0] as string));
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = t.db.select().from(passwordResetTokens).all();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((row?.expiresAt ?? 0) - (row?.createdAt ?? 0)).toBe(60 * 60 * 1000);
  });

  it("sends at most a few emails per account and hour, answering the same", async () => {
    t = createTestApp();
    const a = await register(t);
    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i += 1) {
      const res = await requestReset(a.email);
      expect(await res.json()).toEqual({ message: MSG.resetRequested });
    }
    await waitForOutbox(RESET_EMAILS_PER_HOUR);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outboxFiles()).toHaveLength(RESET_EMAILS_PER_HOUR);
  });

  it("answers the forgot-password messages for bad input", async () => {
    t = createTestApp();
    expect(await fieldErrorsOf(await requestReset(""))).toEqual({ email: MSG.emailRequired });
    expect(await fieldErrorsOf(await requestReset("nope"))).toEqual({ email: MSG.emailInvalidAddress });
    expect(await fieldErrorsOf(await requestReset(42))).toEqual({ email: MSG.expectedText });
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password once, signs nobody in, and revokes older sessions", async () => {
    t = createTestApp();
    const a = await register(t);
    const b = await register(t);
    await requestReset(a.email);
    const token = tokenOf(resetLinkIn((await waitForOutbox(1))[0] as string));
    const res = await resetPassword(token, "my new password ✨");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: MSG.resetSuccess });
    expect((await login(t, a.email, "my new password ✨")).status).toBe(200);
    expect((await login(t, a.email, PASSWORD)).status).toBe(401);
    expect((await me(t, a.token)).status).toBe(401);
    // The other dealer keeps both password and session.
    expect((await me(t, b.token)).status).toBe(200);
    expect((await login(t, b.email, PASSWORD)).status).toBe(200);
    const again = await resetPassword(token, "yet another password");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: MSG.resetTokenInvalid });
    expect((await login(t, a.email, "my new password ✨")).status).toBe(200);
  });

  it("refuses an expired token and an unknown one", async () => {
    t = createTestApp();
    const a = await register(t);
    await requestReset(a.email);
    const token = tokenOf(resetLinkIn((await waitForOutbox(1))[0] as string));
    t.db
      .update(passwordResetTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(passwordResetTokens.userId, a.user.id))
      .run();
    for (const candidate of [token, "made-up-token"]) {
      const res = await resetPassword(candidate, "my new password");
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: MSG.resetTokenInvalid });
    }
    expect((await login(t, a.email, PASSWORD)).status).toBe(200);
  });

  it("only the newest link works after asking twice", async () => {
    t = createTestApp();
    const a = await register(t);
    await requestReset(a.email);
    const first = tokenOf(resetLinkIn((await waitForOutbox(1))[0] as string));
    await requestReset(a.email);
    const second = tokenOf(resetLinkIn((await waitForOutbox(2))[1] as string));
    expect(second).not.toBe(first);
    expect((await resetPassword(first, "my new password")).status).toBe(400);
    expect((await resetPassword(second, "my new password")).status).toBe(200);
  });

  it("answers the reset messages for bad input and keeps the token usable", async () => {
    t = createTestApp();
    const a = await register(t);
    await requestReset(a.email);
    const token = tokenOf(resetLinkIn((await waitForOutbox(1))[0] as string));
    const hashBefore = userRow(t, a.user.id)?.passwordHash;
    expect(await fieldErrorsOf(await resetPassword(undefined, "long enough"))).toEqual({
      token: MSG.tokenRequired,
    });
    expect(await fieldErrorsOf(await resetPassword(token, ""))).toEqual({ password: MSG.passwordRequired });
    expect(await fieldErrorsOf(await resetPassword(token, "short"))).toEqual({
      password: MSG.passwordMinLength,
    });
    expect(await fieldErrorsOf(await resetPassword(123, ["x"]))).toEqual({
      token: MSG.expectedText,
      password: MSG.expectedText,
    });
    expect(userRow(t, a.user.id)?.passwordHash).toBe(hashBefore);
    expect((await login(t, a.email, PASSWORD)).status).toBe(200);
    expect((await resetPassword(token, "finally valid")).status).toBe(200);
  });
});
