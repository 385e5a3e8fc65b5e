import { TEXT } from "@shared/text/page-text";
import type { Config } from "../config";
import { escapeHtml } from "./escape-html";
import type { Mailer, OutgoingMail } from "./mailer";

/** Built from APP_URL only: a forged Host header must never decide where a reset link points. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The reset email, readable as plain text and as HTML. */
function resetEmail(to: string, firstName: string, link: string): OutgoingMail {
  const product = TEXT.productName;
  const greeting = firstName.trim() ? `Hi ${firstName.trim()},` : "Hello,";
  const text = [
    greeting,
    "",
    `We received a request to reset the password of your ${product} account (${to}).`,
    "Open this link to choose a new password:",
    "",
    link,
    "",
    "The link works once and is valid for one hour.",
    "",
    "If you did not ask to reset your password, you can ignore this email; your password stays as it is.",
    "",
    `The ${product} team`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
    <h1 style="margin:0 0 16px;font-size:22px;color:#0b3d91;">${product}</h1>
    <p>${escapeHtml(greeting)}</p>
    <p>We received a request to reset the password of your ${product} account (${escapeHtml(to)}).</p>
    <p style="margin:28px 0;">
      <a href="${escapeHtml(link)}" style="background:#0b3d91;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block;">Reset your password</a>
    </p>
    <p>Or copy this link into your browser:<br><a href="${escapeHtml(link)}" style="word-break:break-all;">${escapeHtml(link)}</a></p>
    <p>The link works once and is valid for one hour.</p>
    <p style="color:#555555;">If you did not ask to reset your password, you can ignore this email; your password stays as it is.</p>
    <p>The ${product} team</p>
  </div>
</body>
</html>
`;
  return { to, subject: `Reset your ${product} password`, text, html };
}

export async function sendResetEmail(
  deps: { config: Pick<Config, "appUrl" | "smtpUrl">; mailer: Mailer; log: (line: string) => void },
  user: { email: string; firstName: string },
  token: string,
): Promise<void> {
  const link = resetLink(deps.config.appUrl, token);
  // The link never goes to the log, where it would outlive the mail: without SMTP the outbox file
  // is its copy, and `dealdesk users reset-link` makes a fresh one for an admin to hand over.
  await deps.mailer.send(resetEmail(user.email, user.firstName, link));
}
