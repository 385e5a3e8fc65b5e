import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback that keeps every mail it takes (the CRM's lead inbox in the
// hand-off tests, the reset and invitation mails): point SMTP_URL at `smtpUrl(sink)`.

export type Received = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  received: Received[];
  close(): Promise<void>;
};

/**
 * Starts on `port` (0: a free one). Recipients in `refusedDomain` (e.g. "refused.example") are
 * refused with a 550, as a mail server refuses an unknown mailbox.
 */
export async function startSmtp(port = 0, refusedDomain?: string): Promise<SmtpSink> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusedDomain && address.address.endsWith(`@${refusedDomain}`)) {
        callback(Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SMTP_URL for the sink. */
export const smtpUrl = (sink: Pick<SmtpSink, "port">) => `smtp://127.0.0.1:${sink.port}/?ignoreTLS=true`;
