import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { readMail } from "../../server/test-support/read-mail";
import { MSG } from "../../shared/text/messages";
import { E2E_DATA_DIR, expect } from "../fixtures";

/** The newest invitation link sent to `to` (the server's outbox: no SMTP_URL in the e2e run). */
export async function invitationLink(to: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  let link: string | undefined;
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(outbox).map((file) => path.join(outbox, file));
      } catch {
        return undefined;
      }
      const mine = files
        .map((file) => ({ file, mail: readMail(readFileSync(file, "utf8")) }))
        .filter(({ mail }) => mail.to.includes(to))
        .sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
      link = /https?:\/\/\S+\/accept-invitation\?token=[\w%-]+/.exec(mine[0]?.mail.text ?? "")?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** What the Team page says when an invitation went to the outbox (no SMTP_URL): its start, before the file's name. */
export function outboxInvitationNotice(email: string): string {
  const marker = "\u0000file\u0000";
  return MSG.invitationWrittenToOutbox(email, marker).split(marker)[0] as string;
}
