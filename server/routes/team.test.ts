import { readdirSync } from "node:fs";
import path from "node:path";
import type { AuthResponse, QuoteListItem, TeamMember } from "@shared/core/api-types";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { invitations, users } from "../db/schema";
import { invitationTokenFor, joinTeam, PASSWORD, register } from "../test-support/auth-test-support";
import { createTestApp, type TestApp } from "../test-support/test-app";

// The team API (#20) on the real app and a real SQLite file: invitations through the outbox,
// roles enforced on REST, and nothing of another dealership visible.

let t: TestApp;
afterEach(async () => t?.cleanup());

const sampleQuote = {
  vehicle: {
    description: "2022 Honda Civic Sport",
    color: "Blue",
    mileage: 12000,
    stockNumber: "",
    advertisedUrl: "",
  },
  pricing: { advertisedPrice: 25000, discount: 0 },
};

const invitationToken = (email: string) => invitationTokenFor(t, email);
const join = (owner: string, email: string, role: "manager" | "salesperson", firstName = "Sam") =>
  joinTeam(t, owner, email, role, firstName);

async function newQuote(token: string): Promise<string> {
  const res = await t.call("POST", "/api/quotes", sampleQuote, token);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const listOf = async (token: string) =>
  (await (await t.call("GET", "/api/quotes", undefined, token)).json()) as QuoteListItem[];

describe("invitations", () => {
  it("an owner invites by email; the link joins once with the role; the token is stored hashed", async () => {
    t = createTestApp();
    const owner = await register(t, { dealershipName: "Lee Motors" });
    const res = await t.call(
      "POST",
      "/api/team/invitations",
      { email: "Sam@Example.com", role: "salesperson" },
      owner.token,
    );
    expect(res.status).toBe(201);
    const token = await invitationToken("sam@example.com");
    // No SMTP_URL: nothing was sent, and the answer says where the mail lies and hands over the link.
    const outbox = path.join(t.dataDir, "outbox");
    const [file] = readdirSync(outbox);
    expect(await res.json()).toEqual({
      message: MSG.invitationWrittenToOutbox("sam@example.com", path.join(outbox, file ?? "")),
      delivery: "outbox",
      outboxFile: path.join(outbox, file ?? ""),
      link: `${t.config.appUrl}/accept-invitation?token=${token}`,
    });
    expect(MSG.invitationWrittenToOutbox("sam@example.com", "/data/outbox/x.eml")).toBe(
      "No mail server is set up (SMTP_URL), so nothing was sent to sam@example.com: the invitation was written to /data/outbox/x.eml on the server. Copy the invitation link and give it to them yourself.",
    );

    // The page the link opens names what it joins before asking for a password.
    const preview = await t.call("GET", `/api/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      email: "sam@example.com",
      role: "salesperson",
      dealershipName: "Lee Motors",
      invitedBy: "Dana Whitfield",
    });
    const stored = t.db.select().from(invitations).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(stored[0]?.expiresAt).toBe((stored[0]?.createdAt ?? 0) + 7 * 24 * 60 * 60 * 1000);

    const body = { token, firstName: "Sam", lastName: "Lane", password: PASSWORD };
    const accepted = await t.call("POST", "/api/auth/accept-invitation", body);
    expect(accepted.status).toBe(201);
    const auth = (await accepted.json()) as AuthResponse;
    expect(auth.user).toMatchObject({ email: "sam@example.com", firstName: "Sam", role: "salesperson" });
    expect(auth.user.dealerProfile.dealershipName).toBe("Lee Motors");
    expect((await t.call("GET", "/api/auth/me", undefined, auth.token)).status).toBe(200);

    // Single use: the same link again is refused and creates nobody.
    const again = await t.call("POST", "/api/auth/accept-invitation", { ...body, firstName: "Eve" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: MSG.invitationInvalid });
    expect(t.db.select().from(users).all()).toHaveLength(2);
    // A used link, an unknown one and none at all name nothing.
    for (const query of [`?token=${encodeURIComponent(token)}`, "?token=nope", ""]) {
      const gone = await t.call("GET", `/api/auth/invitation${query}`);
      expect(gone.status).toBe(400);
      expect(await gone.json()).toEqual({ message: MSG.invitationInvalid });
    }

    const team = (await (await t.call("GET", "/api/team", undefined, owner.token)).json()) as TeamMember[];
    expect(team).toEqual([
      { id: owner.user.id, email: owner.email, firstName: "Dana", lastName: "Whitfield", role: "owner" },
      { id: auth.user.id, email: "sam@example.com", firstName: "Sam", lastName: "Lane", role: "salesperson" },
    ]);
  });

  it("refuses an expired invitation, a bad role, and invitations from anyone but the owner", async () => {
    t = createTestApp();
    const owner = await register(t);
    const manager = await join(owner.token, "mia@example.com", "manager", "Mia");
    const bad = await t.call(
      "POST",
      "/api/team/invitations",
      { email: "x@example.com", role: "owner" },
      owner.token,
    );
    expect(bad.status).toBe(400);
    const byManager = await t.call(
      "POST",
      "/api/team/invitations",
      { email: "x@example.com", role: "salesperson" },
      manager.token,
    );
    expect(byManager.status).toBe(403);
    expect(await byManager.json()).toEqual({ message: CORE_MSG.forbidden });

    await t.call(
      "POST",
      "/api/team/invitations",
      { email: "late@example.com", role: "salesperson" },
      owner.token,
    );
    const token = await invitationToken("late@example.com");
    t.db
      .update(invitations)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(invitations.email, "late@example.com"))
      .run();
    const late = await t.call("POST", "/api/auth/accept-invitation", {
      token,
      firstName: "L",
      lastName: "T",
      password: PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: MSG.invitationInvalid });
  });
});

describe("roles on REST", () => {
  it("a salesperson sees only their own quotes, cannot read another's, cannot change defaults or the profile", async () => {
    t = createTestApp();
    const owner = await register(t);
    const sam = await join(owner.token, "sam@example.com", "salesperson", "Sam");
    const kim = await join(owner.token, "kim@example.com", "salesperson", "Kim");
    const samQuote = await newQuote(sam.token);
    const kimQuote = await newQuote(kim.token);

    expect((await listOf(sam.token)).map((q) => q.id)).toEqual([samQuote]);
    expect((await t.call("GET", `/api/quotes/${kimQuote}`, undefined, sam.token)).status).toBe(404);
    expect((await t.call("DELETE", `/api/quotes/${kimQuote}`, undefined, sam.token)).status).toBe(404);
    expect((await t.call("GET", `/api/quotes/${kimQuote}/history`, undefined, sam.token)).status).toBe(404);

    const tax = await t.call(
      "POST",
      "/api/dealer-defaults/taxes",
      { description: "State", rate: 6.25 },
      sam.token,
    );
    expect(tax.status).toBe(403);
    expect(await tax.json()).toEqual({ message: CORE_MSG.forbidden });
    expect(
      (await t.call("PUT", "/api/dealer-defaults/interest-rates/Excellent", { rates: [] }, sam.token)).status,
    ).toBe(403);
    expect((await t.call("PUT", "/api/auth/profile", { dealershipName: "Mine" }, sam.token)).status).toBe(
      403,
    );
    expect(
      (
        await t.call(
          "PUT",
          "/api/dealer-defaults/payment-options",
          {
            structures: {
              downs: [0, 1, 2],
              financeTerms: [36, 48, 60],
              leaseTerms: [24, 36, 48],
              hidden: [],
            },
            leaseProgram: null,
          },
          sam.token,
        )
      ).status,
    ).toBe(403);
    // Reading the defaults is allowed.
    expect((await t.call("GET", "/api/dealer-defaults/taxes", undefined, sam.token)).status).toBe(200);
    expect((await t.call("GET", "/api/dealer-defaults/payment-options", undefined, sam.token)).status).toBe(
      200,
    );
    // Owner-only team actions.
    expect(
      (await t.call("PUT", `/api/team/members/${kim.user.id}`, { role: "manager" }, sam.token)).status,
    ).toBe(403);
    expect((await t.call("DELETE", `/api/team/members/${kim.user.id}`, undefined, sam.token)).status).toBe(
      403,
    );
    expect(
      (await t.call("PUT", `/api/quotes/${kimQuote}/salesperson`, { userId: sam.user.id }, sam.token)).status,
    ).toBe(403);
  });

  it("a manager writes defaults, sees the whole desk log with salespeople, opens and reassigns any quote", async () => {
    t = createTestApp();
    const owner = await register(t);
    const mia = await join(owner.token, "mia@example.com", "manager", "Mia");
    const sam = await join(owner.token, "sam@example.com", "salesperson", "Sam");
    const kim = await join(owner.token, "kim@example.com", "salesperson", "Kim");
    const quote = await newQuote(sam.token);

    const tax = await t.call(
      "POST",
      "/api/dealer-defaults/taxes",
      { description: "State", rate: 6.25 },
      mia.token,
    );
    expect(tax.status).toBe(201);
    // The salesperson's next quote uses the dealership's defaults set by the manager.
    const next = await newQuote(sam.token);
    const data = (
      (await (await t.call("GET", `/api/quotes/${next}`, undefined, sam.token)).json()) as {
        data: { taxItems: { name: string }[] };
      }
    ).data;
    expect(data.taxItems.map((x) => x.name)).toEqual(["State"]);

    const desk = await listOf(mia.token);
    expect(desk.map((q) => [q.id, q.salesperson.name])).toEqual([
      [next, "Sam Lane"],
      [quote, "Sam Lane"],
    ]);
    expect((await t.call("GET", `/api/quotes/${quote}`, undefined, mia.token)).status).toBe(200);

    const moved = await t.call("PUT", `/api/quotes/${quote}/salesperson`, { userId: kim.user.id }, mia.token);
    expect(moved.status).toBe(200);
    expect((await listOf(kim.token)).map((q) => q.id)).toEqual([quote]);
    expect((await listOf(sam.token)).map((q) => q.id)).toEqual([next]);
    const history = (await (
      await t.call("GET", `/api/quotes/${quote}/history`, undefined, kim.token)
    ).json()) as {
      events: { field: string; oldValue: string; newValue: string; actorName?: string }[];
    };
    expect(history.events[0]).toMatchObject({
      field: "salesperson",
      oldValue: "Sam Lane",
      newValue: "Kim Lane",
    });
    const toStranger = await t.call(
      "PUT",
      `/api/quotes/${quote}/salesperson`,
      { userId: "someone-else" },
      mia.token,
    );
    expect(toStranger.status).toBe(400);
    expect(await toStranger.json()).toMatchObject({ message: MSG.salespersonNotFound });
  });

  it("another dealership's anything answers 404 or stays invisible", async () => {
    t = createTestApp();
    const a = await register(t);
    const b = await register(t);
    const bSam = await join(b.token, "bsam@example.com", "salesperson");
    const aQuote = await newQuote(a.token);
    await t.call("POST", "/api/dealer-defaults/taxes", { description: "A tax", rate: 5 }, a.token);

    expect(await listOf(bSam.token)).toEqual([]);
    expect(await listOf(b.token)).toEqual([]);
    expect((await t.call("GET", `/api/quotes/${aQuote}/history`, undefined, b.token)).status).toBe(404);
    expect(
      (await t.call("PUT", `/api/quotes/${aQuote}/salesperson`, { userId: b.user.id }, b.token)).status,
    ).toBe(404);
    expect(
      (
        (await (await t.call("GET", "/api/dealer-defaults/taxes", undefined, bSam.token)).json()) as {
          taxes: unknown[];
        }
      ).taxes,
    ).toEqual([]);
    const team = (await (await t.call("GET", "/api/team", undefined, bSam.token)).json()) as TeamMember[];
    expect(team.map((m) => m.email).sort()).toEqual([b.email, "bsam@example.com"].sort());
    expect((await t.call("PUT", `/api/team/members/${a.user.id}`, { role: "manager" }, b.token)).status).toBe(
      404,
    );
    expect((await t.call("DELETE", `/api/team/members/${a.user.id}`, undefined, b.token)).status).toBe(404);
  });

  it("the owner changes roles and removes members: the removed member's token dies, their quotes stay; the audit records it", async () => {
    t = createTestApp();
    const owner = await register(t);
    const sam = await join(owner.token, "sam@example.com", "salesperson", "Sam");
    const quote = await newQuote(sam.token);

    const promoted = await t.call(
      "PUT",
      `/api/team/members/${sam.user.id}`,
      { role: "manager" },
      owner.token,
    );
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ id: sam.user.id, role: "manager" });
    const ownerChange = await t.call(
      "PUT",
      `/api/team/members/${owner.user.id}`,
      { role: "manager" },
      owner.token,
    );
    expect(ownerChange.status).toBe(400);
    expect(await ownerChange.json()).toEqual({ message: MSG.ownerRoleFixed });

    const login = await t.call("POST", "/api/auth/login", { email: "sam@example.com", password: PASSWORD });
    const fresh = ((await login.json()) as AuthResponse).token;
    expect((await t.call("DELETE", `/api/team/members/${sam.user.id}`, undefined, owner.token)).status).toBe(
      204,
    );
    expect((await t.call("GET", "/api/auth/me", undefined, fresh)).status).toBe(401);
    expect((await listOf(owner.token)).map((q) => [q.id, q.salesperson.id])).toEqual([
      [quote, owner.user.id],
    ]);

    const audit = (await (await t.call("GET", "/api/team/audit", undefined, owner.token)).json()) as {
      actor: string;
      action: string;
      detail: string;
    }[];
    expect(audit.map((e) => e.action)).toEqual(["removed", "role changed", "joined", "invited"]);
    expect(audit[1]).toMatchObject({ actor: "Dana Whitfield", detail: "Sam Lane: salesperson → manager" });
  });
});

describe("REGISTRATION", () => {
  const attempt = (n: number) =>
    t.call("POST", "/api/auth/register", {
      email: `r${n}@example.com`,
      password: PASSWORD,
      firstName: "R",
      lastName: "S",
    });

  it("open: anyone registers a new dealership", async () => {
    t = createTestApp({ registration: "open" });
    expect((await attempt(1)).status).toBe(201);
    expect((await attempt(2)).status).toBe(201);
    expect(await (await t.call("GET", "/api/auth/registration")).json()).toEqual({ open: true });
  });

  it("first: only the first dealership on a fresh server, then 403 with the message", async () => {
    t = createTestApp({ registration: "first" });
    expect(await (await t.call("GET", "/api/auth/registration")).json()).toEqual({ open: true });
    expect((await attempt(1)).status).toBe(201);
    const second = await attempt(2);
    expect(second.status).toBe(403);
    expect(await second.json()).toEqual({ message: MSG.registrationClosed });
    expect(await (await t.call("GET", "/api/auth/registration")).json()).toEqual({ open: false });
  });

  it("invite: never, not even the first; the env var is read from the environment", async () => {
    t = createTestApp({}, { REGISTRATION: "invite" });
    const first = await attempt(1);
    expect(first.status).toBe(403);
    expect(await first.json()).toEqual({ message: MSG.registrationClosed });
    expect(t.db.select().from(users).all()).toEqual([]);
  });
});
