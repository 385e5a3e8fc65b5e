import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import { makePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/private-file";

/** A mail; without `html` it goes out as plain text only. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
};

/**
 * What the mail server answered ("250 2.0.0 Ok: queued"), or where the mail was written: with no
 * SMTP_URL nothing leaves the machine, and `outboxFile` names the .eml file so that messages can
 * say so (#51: never "sent" when it was not).
 */
export type MailReceipt = { response: string; outboxFile?: string };

/** How an outbox receipt's response starts; the delivery log keeps the response alone. */
const OUTBOX_RESPONSE_PREFIX = "Written to ";

/** The outbox file a receipt's response names, or undefined for a mail server's answer. */
export const outboxFileOf = (response: string): string | undefined =>
  response.startsWith(OUTBOX_RESPONSE_PREFIX) ? response.slice(OUTBOX_RESPONSE_PREFIX.length) : undefined;

/** Why a mail did not go, in one line a person can act on (nodemailer's message, its SMTP code kept). */
export function mailFailureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line || "unknown error";
}

export type Mailer = {
  send(mail: OutgoingMail): Promise<MailReceipt>;
  /** Where mail goes, for the start-up log line. */
  describe(): string;
};

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as an .eml file so
 * that a dealership can run DealDesk with zero configuration and still find its reset links.
 */
export function createMailer(
  config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom">,
  log = console.log,
): Mailer {
  // nodemailer is loaded with the first mail, not at start (#15: a lean process at rest).
  let loaded: Promise<Transporter> | undefined;
  const transporter = (options: Parameters<typeof import("nodemailer").createTransport>[0]) => () =>
    (loaded ??= import("nodemailer").then((module) => module.default.createTransport(options)));
  if (config.smtpUrl) {
    const transport = transporter(config.smtpUrl);
    return {
      async send(mail) {
        const info = await (await transport()).sendMail({ from: config.mailFrom, ...mail });
        return { response: String(info.response ?? "") };
      },
      describe: () => `SMTP (${new URL(config.smtpUrl as string).host})`,
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = transporter({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...mail });
      mkdirSync(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      makePrivate(file);
      log(`Mail to ${mail.to} written to ${file}`);
      return { response: `${OUTBOX_RESPONSE_PREFIX}${file}`, outboxFile: file };
    },
    describe: () => `files in ${outbox} (set SMTP_URL to send real mail)`,
  };
}
