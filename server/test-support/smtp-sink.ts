import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback that keeps every mail it takes (the CRM's lead inbox in the
// hand-off tests): point SMTP_URL at `smtp://127.0.0.1:<port>/?ignoreTLS=true`.

export type Received = { to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  received: Received[];
  close(): Promise<void>;
};

/** Starts on `port` (0: a free one). */
export async function startSmtp(port = 0): Promise<SmtpSink> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
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
