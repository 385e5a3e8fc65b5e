import { CONTROL_CHARACTERS } from "@shared/schemas/schema-fields";
import { TEXT } from "@shared/text/page-text";
import type { Config } from "../config";
import { invitationLink } from "../teams/invitations";
import type { Mailer, MailReceipt, OutgoingMail } from "./mailer";

/** The subject never carries anything a dealership typed: the mail must not read as the sender's own words. */
export const INVITATION_SUBJECT = `You're invited to join a dealership on ${TEXT.productName}`;

/** How much of a dealership's (or an inviter's) name the mail shows. */
const INVITATION_NAME_MAX = 80;

const EVERY_CONTROL = new RegExp(CONTROL_CHARACTERS.source, "gu");

/** A typed name as one plain line of at most `max` characters ("…" when cut). */
export function mailLine(value: string, max = INVITATION_NAME_MAX): string {
  const line = value.replace(EVERY_CONTROL, " ").replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

export type Invite = {
  /** The inviting owner's name and email, so the reader knows who asks. */
  inviter: { name: string; email: string };
  dealership: string;
  /** "manager" or "salesperson". */
  role: string;
};

/**
 * The invitation email, plain text only: the dealership's name (as typed by whoever registered it)
 * sits in the body, cut to 80 characters, never in the subject and never in a link, next to the
 * inviting owner's name and email. The only link is the server's own (APP_URL).
 */
export function invitationEmail(to: string, invite: Invite, link: string): OutgoingMail {
  const product = TEXT.productName;
  const where = mailLine(invite.dealership) || "their dealership";
  const who = `${mailLine(invite.inviter.name)} (${mailLine(invite.inviter.email, 254)})`;
  const text = [
    "Hello,",
    "",
    `${who} invited you to join ${where} as a ${invite.role} on ${product}.`,
    "",
    "Open this link to set your name and password:",
    "",
    link,
    "",
    "The link works once and is valid for 7 days. If you do not know the person who invited you,",
    "ignore this mail: nothing happens without the link.",
    "",
    `The ${product} team`,
  ].join("\n");
  return { to, subject: INVITATION_SUBJECT, text };
}

export async function sendInvitationEmail(
  deps: { config: Pick<Config, "appUrl" | "smtpUrl">; mailer: Mailer; log: (line: string) => void },
  to: string,
  invite: Invite,
  token: string,
): Promise<{ receipt: MailReceipt; link: string }> {
  const link = invitationLink(deps.config.appUrl, token);
  const receipt = await deps.mailer.send(invitationEmail(to, invite, link));
  // Without SMTP the outbox file is the only copy; the log line lets the operator hand the link over.
  if (receipt.outboxFile) deps.log(`Invitation link for ${to}: ${link}`);
  return { receipt, link };
}
