import type { InvitationSentResponse, PendingInvitation } from "@shared/core/api-types";
import { MSG } from "@shared/text/messages";
import { afterEach, describe, expect, it } from "vitest";
import { register } from "../test-support/auth-test-support";
import { readMail } from "../test-support/read-mail";
import { type SmtpSink, smtpUrl, startSmtp } from "../test-support/smtp-sink";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #51: with a mail server, "Invitation sent" is said only once that server accepted the
// mail; when it refuses, the owner reads its reason and no invitation is kept. The mail server on
// loopback refuses recipients at refused.example with a 550.

let t: TestApp | undefined;
let smtp: SmtpSink | undefined;
afterEach(async () => {
  await t?.cleanup();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

describe("invitations through a real SMTP server", () => {
  it("says 'sent' only once the mail server has the mail, and hands out no link", async () => {
    smtp = await startSmtp(0, "refused.example");
    t = createTestApp({}, { SMTP_URL: smtpUrl(smtp) });
    const owner = await register(t, { dealershipName: "Lee Motors" });
    const res = await t.call(
      "POST",
      "/api/team/invitations",
      { email: "sam@example.com", role: "salesperson" },
      owner.token,
    );
    expect(res.status).toBe(201);
    // The answer came after the server took the mail: it is already there, nothing to wait for.
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["sam@example.com"]);
    expect(readMail(smtp.received[0]?.raw ?? "").text).toContain(
      "invited you to join Lee Motors as a salesperson",
    );
    const body = (await res.json()) as InvitationSentResponse;
    expect(body).toEqual({ message: MSG.invitationSent("sam@example.com"), delivery: "sent" });
    expect(MSG.invitationSent("sam@example.com")).toBe("Invitation sent to sam@example.com");
    // With a mail server the link lives only in the mailbox: not in the answer, not in the log.
    expect(JSON.stringify(body)).not.toContain("accept-invitation");
    expect(t.logs.some((line) => line.includes("accept-invitation"))).toBe(false);
  });

  it("tells the owner the mail server's reason when it refuses the mail, and keeps no invitation", async () => {
    smtp = await startSmtp(0, "refused.example");
    t = createTestApp({}, { SMTP_URL: smtpUrl(smtp) });
    const owner = await register(t);
    const res = await t.call(
      "POST",
      "/api/team/invitations",
      { email: "sam@refused.example", role: "salesperson" },
      owner.token,
    );
    expect(res.status).toBe(502);
    const { message } = (await res.json()) as { message: string };
    expect(message.startsWith("The invitation email could not be sent (")).toBe(true);
    expect(message).toContain("550 5.1.1 Mailbox does not exist");
    expect(
      message.endsWith("), so no invitation was kept. Check the mail settings (SMTP_URL) and try again."),
    ).toBe(true);
    expect(smtp.received).toHaveLength(0);
    const pending = (await (
      await t.call("GET", "/api/team/invitations", undefined, owner.token)
    ).json()) as PendingInvitation[];
    expect(pending).toEqual([]);
  });
});
