import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AuthResponse, PendingInvitation, TeamMember } from "@shared/core/api-types";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { afterEach, expect, it } from "vitest";
import { INVITATION_SUBJECT } from "../mail/invitation-email";
import { type BackendApp, onBothBackends } from "../test-support/backend-app";
import { type ReadMail, readMail } from "../test-support/read-mail";
import { INVITATIONS_PER_EMAIL_PER_DAY } from "./team";

// Issue #35 on both storage backends: registration counted before any lookup, invitations capped
// and mailed without the dealership's words in the subject, a failed mail leaving nothing behind,
// pending invitations listed, revoked and replaced, and REGISTRATION=first letting exactly one of
// many simultaneous sign-ups in.

const PASSWORD = "correct horse battery";
let t: BackendApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

let counter = 0;
const signUpBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `dealer${counter}@example.com`,
    password: PASSWORD,
    firstName: "Dana",
    lastName: "Whitfield",
    ...overrides,
  };
};

async function signUp(app: BackendApp, overrides: Record<string, unknown> = {}): Promise<AuthResponse> {
  const res = await app.call("POST", "/api/auth/register", signUpBody(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AuthResponse;
}

const invite = (app: BackendApp, token: string, email: string, role = "salesperson") =>
  app.call("POST", "/api/team/invitations", { email, role }, token);

function mails(app: BackendApp): ReadMail[] {
  const dir = path.join(app.dataDir, "outbox");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readMail(readFileSync(path.join(dir, f), "utf8")));
}

const tokenIn = (mail: ReadMail) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";
const mailsTo = (app: BackendApp, email: string) => mails(app).filter((m) => m.to.includes(email));

const accept = (app: BackendApp, token: string) =>
  app.call("POST", "/api/auth/accept-invitation", {
    token,
    firstName: "Sam",
    lastName: "Lane",
    password: PASSWORD,
  });

const pending = async (app: BackendApp, token: string) => {
  const res = await app.call("GET", "/api/team/invitations", undefined, token);
  expect(res.status).toBe(200);
  return (await res.json()) as PendingInvitation[];
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

onBothBackends((open) => {
  it("finding 1: past the sign-up cap a known email answers 429 like any other; a 409 costs what a sign-up costs", async () => {
    t = await open({}, { SIGNUPS_PER_IP_PER_HOUR: "6" });
    const signUps: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      await signUp(t, { email: `known${i}@example.com` });
      signUps.push(performance.now() - started);
    }
    const conflicts: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const res = await t.call("POST", "/api/auth/register", signUpBody({ email: "known0@example.com" }));
      conflicts.push(performance.now() - started);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: MSG.emailTaken });
    }
    // The 409 hashes the password like a sign-up does (argon2id, tens of milliseconds), where a
    // lookup alone takes a millisecond: the time no longer tells whether the account exists.
    expect(median(conflicts)).toBeGreaterThan(median(signUps) * 0.3);
    // The six attempts (three of them 409s) used the cap: a known email now reads like any other.
    for (const email of ["known1@example.com", "stranger@example.com"]) {
      const res = await t.call("POST", "/api/auth/register", signUpBody({ email }));
      expect(res.status, email).toBe(429);
      expect(await res.json()).toEqual({ message: MSG.tooManyRequests });
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(await t.stores.users.all()).toHaveLength(3);
  });

  it("finding 1: an invitation to an existing account's email answers 409 and counts against the caps", async () => {
    t = await open({ invitationsPerDealershipPerDay: 3 });
    const owner = await signUp(t);
    await signUp(t, { email: "taken@example.com" });
    for (let i = 0; i < 3; i += 1) {
      const res = await invite(t, owner.token, "taken@example.com");
      expect(res.status).toBe(409);
    }
    const refused = await invite(t, owner.token, "taken@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const stranger = await invite(t, owner.token, "stranger@example.com");
    expect(stranger.status).toBe(429);
    expect(mails(t).filter((m) => m.subject === INVITATION_SUBJECT)).toEqual([]);
  });

  it("finding 2: INVITATIONS_PER_DEALERSHIP_PER_DAY, then 429 with Retry-After; another dealership still invites", async () => {
    t = await open({}, { INVITATIONS_PER_DEALERSHIP_PER_DAY: "4" });
    const owner = await signUp(t);
    for (let i = 0; i < 4; i += 1)
      expect((await invite(t, owner.token, `s${i}@example.com`)).status).toBe(201);
    const refused = await invite(t, owner.token, "s9@example.com");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      MSG.tooManyInvitations(Math.ceil(Number(refused.headers.get("Retry-After")) / 3600)),
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(mailsTo(t, "s9@example.com")).toEqual([]);
    expect((await pending(t, owner.token)).map((p) => p.email).sort()).toEqual([
      "s0@example.com",
      "s1@example.com",
      "s2@example.com",
      "s3@example.com",
    ]);
    const other = await signUp(t);
    expect((await invite(t, other.token, "s9@example.com")).status).toBe(201);
  });

  it("finding 2: simultaneous invitations cannot slip past the cap together", async () => {
    t = await open({ invitationsPerDealershipPerDay: 5 });
    const app = t;
    const owner = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => invite(app, owner.token, `burst${i}@example.com`)),
    );
    // Each attempt is recorded before it is counted: however they interleave, at most the cap's
    // worth get through (when all are recorded before any is counted, none does).
    const sent = answers.filter((r) => r.status === 201).length;
    expect(sent).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20 - sent);
    expect(mails(app).filter((m) => m.subject === INVITATION_SUBJECT)).toHaveLength(sent);
    expect(await pending(app, owner.token)).toHaveLength(sent);
  });

  it("finding 2: the default cap is 50 a day; one address gets at most 5 a day, whichever dealerships ask", async () => {
    t = await open();
    expect(t.config.invitationsPerDealershipPerDay).toBe(50);
    const owners = [await signUp(t), await signUp(t)];
    for (let i = 0; i < INVITATIONS_PER_EMAIL_PER_DAY; i += 1) {
      const res = await invite(t, (owners[i % 2] as AuthResponse).token, "target@example.com");
      expect(res.status).toBe(201);
    }
    for (const owner of owners) {
      const res = await invite(t, owner.token, "target@example.com");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(mailsTo(t, "target@example.com")).toHaveLength(INVITATIONS_PER_EMAIL_PER_DAY);
  });

  it("finding 2: a fixed subject; the dealership's name only in the plain-text body, cut to 80 characters, next to the owner's name and email", async () => {
    t = await open();
    const lure = "Your bank: verify at http://evil.example on DealDesk ".repeat(3);
    const owner = await signUp(t, { email: "dana@example.com", dealershipName: lure.trim() });
    expect((await invite(t, owner.token, "sam@example.com", "salesperson")).status).toBe(201);
    const [mail] = mailsTo(t, "sam@example.com");
    if (!mail) throw new Error("no invitation mail");
    expect(mail.subject).toBe("You're invited to join a dealership on DealDesk");
    expect(mail.html).toBe("");
    const shown = `${Array.from(lure).slice(0, 79).join("").trimEnd()}…`;
    expect(Array.from(shown).length).toBeLessThanOrEqual(80);
    expect(mail.text).toContain(
      `Dana Whitfield (dana@example.com) invited you to join ${shown} as a salesperson on DealDesk.`,
    );
    expect(mail.text).not.toContain(lure.trim());
    // The one link is the server's own.
    expect(mail.text.match(/https?:\/\/\S+/g)?.filter((u) => !u.startsWith("http://evil"))).toEqual([
      `${t.config.appUrl}/accept-invitation?token=${tokenIn(mail)}`,
    ]);

    const plain = await signUp(t, { email: "lee@example.com", dealershipName: "Example Motors" });
    expect((await invite(t, plain.token, "max@example.com", "manager")).status).toBe(201);
    const [second] = mailsTo(t, "max@example.com");
    expect(second?.text).toContain(
      "Dana Whitfield (lee@example.com) invited you to join Example Motors as a manager on DealDesk.",
    );
  });

  it("finding 6: a mail that fails answers 502 with a message and leaves no usable invitation", async () => {
    // Nothing listens on port 1: the SMTP connection is refused.
    t = await open({ smtpUrl: "smtp://127.0.0.1:1" });
    const owner = await signUp(t);
    const res = await invite(t, owner.token, "sam@example.com");
    expect(res.status).toBe(502);
    const { message } = (await res.json()) as { message: string };
    // The reason is the mail transport's own (connection refused), inside the sentence.
    expect(message).toMatch(
      /^The invitation email could not be sent \(.*ECONNREFUSED.*\), so no invitation was kept\. Check the mail settings \(SMTP_URL\) and try again\.$/,
    );
    expect(await pending(t, owner.token)).toEqual([]);
    expect(t.logs.some((l) => l.startsWith("Invitation email to sam@example.com failed"))).toBe(true);
    const audit = (await (await t.call("GET", "/api/team/audit", undefined, owner.token)).json()) as {
      action: string;
    }[];
    expect(audit.map((a) => a.action)).toEqual(["invitation not sent", "invited"]);
  });

  it("finding 6: owners list pending invitations and revoke them; the revoked link no longer joins", async () => {
    t = await open();
    const owner = await signUp(t, { firstName: "Olivia", lastName: "Owner" });
    expect((await invite(t, owner.token, "sam@example.com", "manager")).status).toBe(201);
    expect((await invite(t, owner.token, "max@example.com")).status).toBe(201);
    const list = await pending(t, owner.token);
    expect(list).toHaveLength(2);
    const sam = list.find((p) => p.email === "sam@example.com");
    expect(sam).toEqual({
      id: expect.any(String),
      email: "sam@example.com",
      role: "manager",
      invitedBy: "Olivia Owner",
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const expiresIn = Date.parse(sam?.expiresAt ?? "") - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 86_400_000);

    // A member who is not the owner neither lists nor revokes.
    const [maxMail] = mailsTo(t, "max@example.com");
    const joined = await accept(t, tokenIn(maxMail as ReadMail));
    expect(joined.status).toBe(201);
    const max = (await joined.json()) as AuthResponse;
    expect((await t.call("GET", "/api/team/invitations", undefined, max.token)).status).toBe(403);
    const byMember = await t.call("DELETE", `/api/team/invitations/${sam?.id}`, undefined, max.token);
    expect(byMember.status).toBe(403);
    expect(await byMember.json()).toEqual({ message: CORE_MSG.forbidden });
    // Another dealership's owner: not found.
    const stranger = await signUp(t);
    expect(
      (await t.call("DELETE", `/api/team/invitations/${sam?.id}`, undefined, stranger.token)).status,
    ).toBe(404);

    const revoked = await t.call("DELETE", `/api/team/invitations/${sam?.id}`, undefined, owner.token);
    expect(revoked.status).toBe(204);
    expect(await pending(t, owner.token)).toEqual([]);
    const again = await t.call("DELETE", `/api/team/invitations/${sam?.id}`, undefined, owner.token);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: MSG.invitationNotFound });
    const [samMail] = mailsTo(t, "sam@example.com");
    const late = await accept(t, tokenIn(samMail as ReadMail));
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: MSG.invitationInvalid });
  });

  it("finding 6: re-inviting an email (or Resend) revokes the earlier link: the manager link no longer joins, the new one joins as salesperson", async () => {
    t = await open();
    const owner = await signUp(t);
    expect((await invite(t, owner.token, "sam@example.com", "manager")).status).toBe(201);
    expect((await invite(t, owner.token, "sam@example.com", "salesperson")).status).toBe(201);
    const [asManager, asSalesperson] = mailsTo(t, "sam@example.com");
    const list = await pending(t, owner.token);
    expect(list.map((p) => [p.email, p.role])).toEqual([["sam@example.com", "salesperson"]]);
    const old = await accept(t, tokenIn(asManager as ReadMail));
    expect(old.status).toBe(400);
    const joined = await accept(t, tokenIn(asSalesperson as ReadMail));
    expect(joined.status).toBe(201);
    const team = (await (await t.call("GET", "/api/team", undefined, owner.token)).json()) as TeamMember[];
    expect(team.find((m) => m.email === "sam@example.com")?.role).toBe("salesperson");
  });

  it("finding 3: REGISTRATION=first, 20 simultaneous sign-ups on a fresh server: exactly one 201, the rest 403", async () => {
    t = await open({ registration: "first" });
    const app = t;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.call("POST", "/api/auth/register", signUpBody({ email: `racer${i}@example.com` })),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(403)]);
    for (const res of answers.filter((r) => r.status === 403))
      expect(await res.json()).toEqual({ message: MSG.registrationClosed });
    expect(await t.stores.users.all()).toHaveLength(1);
    expect(await (await t.call("GET", "/api/auth/registration")).json()).toEqual({ open: false });
  }, 60_000);
});
