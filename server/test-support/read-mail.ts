// Reads a raw RFC 5322 message as nodemailer writes it (the outbox .eml files and what an SMTP
// server receives), for tests that follow the link in a real email.

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

export type ReadMail = {
  subject: string;
  to: string;
  text: string;
  html: string;
  /** Attached files (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: string }[];
};

/** Splits a text + HTML message into its decoded parts. */
export function readMail(raw: string): ReadMail {
  const normalized = raw.replace(/\r\n/g, "\n");
  const headerEnd = normalized.indexOf("\n\n");
  const topHeaders = normalized.slice(0, headerEnd).replace(/\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(topHeaders)?.[1] ?? "";
  const boundary = /boundary="?([^";\n]+)"?/i.exec(topHeaders)?.[1];
  const parts = boundary ? normalized.split(`--${boundary}`).slice(1, -1) : [normalized];
  let text = "";
  let html = "";
  const attachments: ReadMail["attachments"] = [];
  for (const part of parts) {
    const trimmed = part.replace(/^\n/, "");
    const split = trimmed.indexOf("\n\n");
    const headers = trimmed.slice(0, split);
    const body = decodePart(headers, trimmed.slice(split + 2));
    const attached = /content-disposition:\s*attachment;[\s\S]*?filename="?([^";\n]+)"?/i.exec(headers);
    if (attached?.[1])
      attachments.push({
        filename: attached[1],
        contentType: /content-type:\s*([^;\n]+)/i.exec(headers)?.[1]?.trim() ?? "",
        content: body,
      });
    else if (/content-type:\s*text\/html/i.test(headers)) html = body;
    else if (/content-type:\s*text\/plain/i.test(headers)) text = body;
  }
  return { subject: header("Subject"), to: header("To"), text, html, attachments };
}

/** The first reset link in the message's text part. */
export function resetLinkIn(raw: string): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(readMail(raw).text)?.[0];
  if (!link) throw new Error("No reset link in the email");
  return link;
}
