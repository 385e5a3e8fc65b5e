import { MSG } from "@shared/text/messages";
import { afterEach, describe, expect, it } from "vitest";
import { login, me, PASSWORD, register } from "../test-support/auth-test-support";
import { readMail, resetLinkIn } from "../test-support/read-mail";
import { type SmtpSink, smtpUrl, startSmtp } from "../test-support/smtp-sink";
import { createTestApp, type TestApp } from "../test-support/test-app";

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 250; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out waiting for the mail");
}

let t: TestApp | undefined;
let smtp: SmtpSink | undefined;
afterEach(async () => {
  await t?.cleanup();
  await smtp?.close();
});

describe("password reset through a real SMTP server", () => {
  it("mails a link that resets the password once; old password and old session stop working", async () => {
    smtp = await startSmtp();
    const app = createTestApp(
      {},
      {
        SMTP_URL: smtpUrl(smtp),
        APP_URL: "https://deals.example-motors.test",
        MAIL_FROM: "Example Motors <desk@example-motors.test>",
      },
    );
    t = app;
    const a = await register(app, { email: "reset.me@example.com", firstName: "Riley" });

    const asked = await app.call("POST", "/api/auth/request-reset", { email: "Reset.Me@example.com" });
    expect(await asked.json()).toEqual({ message: MSG.resetRequested });
    const mail = await waitFor(() => smtp?.received[0]);
    expect(mail.to).toEqual(["reset.me@example.com"]);
    expect(mail.from).toBe("desk@example-motors.test");
    const read = readMail(mail.raw);
    expect(read.subject).toBe("Reset your DealDesk password");
    expect(read.text).toContain("Hi Riley,");

    const link = resetLinkIn(mail.raw);
    expect(link.startsWith("https://deals.example-motors.test/reset-password?token=")).toBe(true);
    // With SMTP configured the link lives only in the mailbox, not in the server log.
    expect(app.logs.some((line) => line.includes(link))).toBe(false);

    const token = new URL(link).searchParams.get("token");
    const reset = await app.call("POST", "/api/auth/reset-password", {
      token,
      password: "fresh password 42",
    });
    expect(reset.status).toBe(200);
    const resetBody = await reset.json();
    expect(resetBody).toEqual({ message: MSG.resetSuccess });
    expect(resetBody).not.toHaveProperty("token");

    expect((await login(app, a.email, "fresh password 42")).status).toBe(200);
    expect((await login(app, a.email, PASSWORD)).status).toBe(401);
    expect((await me(app, a.token)).status).toBe(401);

    const second = await app.call("POST", "/api/auth/reset-password", { token, password: "another one 43" });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ message: MSG.resetTokenInvalid });
    expect((await login(app, a.email, "fresh password 42")).status).toBe(200);
  });

  it("sends nothing for an unknown email", async () => {
    smtp = await startSmtp();
    t = createTestApp({}, { SMTP_URL: smtpUrl(smtp) });
    await register(t, { email: "someone@example.com" });
    const res = await t.call("POST", "/api/auth/request-reset", { email: "nobody@example.com" });
    expect(await res.json()).toEqual({ message: MSG.resetRequested });
    // A known email right after proves the server delivers; the unknown one must not have.
    await t.call("POST", "/api/auth/request-reset", { email: "someone@example.com" });
    const first = await waitFor(() => smtp?.received[0]);
    expect(first.to).toEqual(["someone@example.com"]);
    expect(smtp.received).toHaveLength(1);
  });
});
