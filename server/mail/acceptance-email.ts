import { formatCustomerPhone } from "@shared/core/format";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import { escapeHtml } from "./escape-html";
import type { OutgoingMail } from "./mailer";

/** Issue #19: the salesperson's mail when the shopper accepts a version, plain text and HTML. */
export function acceptanceEmail(
  to: string,
  accepted: { summary: string; vehicle: string; name: string; phone: string; email: string; link: string },
): OutgoingMail {
  const text = [
    `${MSG.dealAccepted(accepted.summary)} for ${accepted.vehicle}.`,
    "",
    `Name: ${accepted.name}`,
    // Issue #34: as the quote page shows it, "1 (555) 123-4567", not the stored digits.
    `Phone: ${formatCustomerPhone(accepted.phone)}`,
    `Email: ${accepted.email}`,
    "",
    `The deal is locked until you reopen it or make a counter-offer: ${accepted.link}`,
    "",
    `The ${TEXT.productName} team`,
  ].join("\n");
  return {
    to,
    subject: `Accepted: ${accepted.vehicle}`,
    text,
    html: `<pre style="font-family:Arial,Helvetica,sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
  };
}
