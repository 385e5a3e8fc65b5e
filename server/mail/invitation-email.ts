import { TEXT } from "@shared/messages";
import type { Config } from "../config";
import { invitationLink } from "../teams/invitations";
import { escapeHtml } from "./escape-html";
import type { Mailer, OutgoingMail } from "./mailer";

/** The invitation email, plain text and HTML. */
export function invitationEmail(
  to: string,
  invite: { inviter: string; dealership: string; role: string },
  link: string,
): OutgoingMail {
  const product = TEXT.productName;
  const where = invite.dealership.trim() || "their dealership";
  const lead = `${invite.inviter} invited you to join ${where} on ${product} as ${invite.role}.`;
  const text = [
    "Hello,",
    "",
    lead,
    "Open this link to set your name and password:",
    "",
    link,
    "",
    "The link works once and is valid for 7 days.",
    "",
    `The ${product} team`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
    <h1 style="margin:0 0 16px;font-size:22px;color:#0b3d91;">${product}</h1>
    <p>Hello,</p>
    <p>${escapeHtml(lead)}</p>
    <p style="margin:28px 0;">
      <a href="${escapeHtml(link)}" style="background:#0b3d91;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block;">Join ${escapeHtml(where)}</a>
    </p>
    <p>Or copy this link into your browser:<br><a href="${escapeHtml(link)}" style="word-break:break-all;">${escapeHtml(link)}</a></p>
    <p>The link works once and is valid for 7 days.</p>
    <p>The ${product} team</p>
  </div>
</body>
</html>
`;
  return { to, subject: `Join ${where} on ${product}`, text, html };
}

export async function sendInvitationEmail(
  deps: { config: Pick<Config, "appUrl" | "smtpUrl">; mailer: Mailer; log: (line: string) => void },
  to: string,
  invite: { inviter: string; dealership: string; role: string },
  token: string,
): Promise<void> {
  const link = invitationLink(deps.config.appUrl, token);
  await deps.mailer.send(invitationEmail(to, invite, link));
  // Without SMTP the outbox file is the only copy; the log line lets the owner hand the link over.
  if (!deps.config.smtpUrl) deps.log(`Invitation link for ${to}: ${link}`);
}
