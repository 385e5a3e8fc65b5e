import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type DealState, MESSAGE_DEAL_STATE, parseDealState } from "@shared/live/deal-state";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { eq } from "drizzle-orm";
import * as decoding from "lib0/decoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes } from "../db/schema";
import { acceptAsShown, shownDeal } from "../test-support/accept-quote";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  sampleQuote,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";
import { readMail } from "../test-support/read-mail";

// Issue #19: versions are immutable snapshots; the shopper's acceptance saves one and locks the
// deal for both sides on the live channel; the dealer unlocks or makes a counter-offer.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const accept = { name: "Pat Shopper", phone: "15551234567", email: "pat@example.com" };
// Issue #46: a choice names a structure and a term; an older page's `down` is accepted and not read.
const financeChoice = { structure: "finance", down: 2000, months: 60 } as const;

describe("versions and acceptance", () => {
  it("saves versions the dealer lists and reads; nobody can change one; a shopper's copy has no customer record", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const priv = connectClient(h, id, { token, private: true });
    await synced(priv);
    writeField(priv.deal, "customerInfo", { name: "Pat Private", email: "secret@example.com", phone: "" });
    await eventually(async () => {
      const q = await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json();
      expect((q as { data: { customerInfo: { name: string } } }).data.customerInfo.name).toBe("Pat Private");
    });
    destroyClient(priv);

    const saved = await h.api("POST", `/api/quotes/${id}/versions`, {}, token);
    expect(saved.status).toBe(201);
    const first = (await saved.json()) as { number: number; fingerprint: string; createdAt: string };
    expect(first).toEqual({
      number: 1,
      fingerprint: expect.stringMatching(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/),
      createdAt: expect.any(String),
    });
    expect((await h.api("POST", `/api/quotes/${id}/versions`, {})).status).toBe(401);

    const dealerCopy = (await (
      await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, token)
    ).json()) as {
      snapshot: {
        customer: { name: string } | null;
        breakdown: { outTheDoorPrice: number };
        data: { pricing: unknown };
      };
    };
    expect(dealerCopy.snapshot.customer?.name).toBe("Pat Private");
    expect(dealerCopy.snapshot.data.pricing).toEqual(sampleQuote.pricing);
    const shopperCopy = (await (await h.api("GET", `/api/quotes/${id}/versions/1`)).json()) as {
      snapshot: { customer: unknown };
    };
    expect(shopperCopy.snapshot.customer).toBeNull();
    expect(JSON.stringify(shopperCopy)).not.toContain("secret@example.com");

    for (const method of ["PUT", "PATCH", "DELETE"]) {
      for (const url of [`/api/quotes/${id}/versions/1`, `/api/quotes/${id}/versions`]) {
        const res = await h.api(method, url, { snapshot: {} }, token);
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(await res.json()).toEqual({ message: MSG.versionsImmutable });
      }
    }
    const after = (await (await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, token)).json()) as {
      fingerprint: string;
    };
    expect(after.fingerprint).toBe(first.fingerprint);
    expect((await h.api("GET", `/api/quotes/${id}/versions/9`, undefined, token)).status).toBe(404);
    const other = await h.dealer();
    expect((await h.api("POST", `/api/quotes/${id}/versions`, {}, other.token)).status).toBe(404);
  });

  it("the shopper accepts once (a repeat answers the same version), the deal locks for both sides live, the dealer hears by mail", async () => {
    const { token, user } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    const shopper = connectClient(h, id);
    await Promise.all([synced(dealer), synced(shopper)]);

    const bad = await acceptAsShown(h.api, id, { ...accept, phone: "12" });
    expect(bad.status).toBe(400);
    const first = await acceptAsShown(h.api, id, { ...accept, structure: financeChoice });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ version: 1 });
    // The version is Finance, 60 months at the deal's one down payment (the quote's $2,450.00; the
    // choice's $2,000 is an older page's and is not read).
    const v1 = (await (await h.api("GET", `/api/quotes/${id}/versions/1`)).json()) as {
      snapshot: { selected: { structure: string; months: number; down: number; text: string } };
    };
    expect(v1.snapshot.selected).toMatchObject({ structure: "finance", months: 60, down: 2450 });
    expect(v1.snapshot.selected.text).toMatch(/^Finance, 60 months, \$2,450\.00 down, \$[\d,]+\.\d\d\/mo /);
    const again = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...accept,
      structure: { structure: "cash" },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ version: 1 });
    expect(h.db.select().from(quotes).where(eq(quotes.id, id)).get()?.acceptedVersion).toBe(1);
    // The dashboard's live status names the acceptance at once (badge and notice).
    const status = (await (await h.api("GET", "/api/quotes/live-status", undefined, token)).json()) as {
      accepted: { id: string; version: number; acceptedAt: number }[];
    };
    expect(status.accepted).toContainEqual({
      id,
      version: 1,
      acceptedAt: expect.any(Number),
      label: expect.any(String),
    });
    const listed = (await (await h.api("GET", "/api/quotes", undefined, token)).json()) as {
      id: string;
      accepted: boolean;
    }[];
    expect(listed.find((row) => row.id === id)?.accepted).toBe(true);

    // Locked: the server refuses an edit from either side, and nothing of it is stored.
    const before = readDoc(dealer.deal);
    writeField(dealer.deal, "pricing", { ...sampleQuote.pricing, discount: 999 });
    await eventually(() => expect(dealer.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.dealLocked));
    writeField(shopper.deal, "downPayment", -4321);
    await eventually(() => expect(shopper.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.dealLocked));
    const stored = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
      data: Record<string, unknown>;
    };
    expect(stored.data.pricing).toEqual(before.pricing);
    expect(stored.data.downPayment).toEqual(before.downPayment);
    destroyClient(dealer);
    destroyClient(shopper);

    // The history says it in plain words; the salesperson's outbox has the mail.
    const history = (await (await h.api("GET", `/api/quotes/${id}/history`, undefined, token)).json()) as {
      events: { field: string; newValue: string; role: string }[];
    };
    expect(history.events[0]).toMatchObject({
      role: "SHOPPER",
      field: "accepted",
      // Issue #34: the selected structure, in the words of the sheet's "You are agreeing to" box.
      newValue: expect.stringMatching(
        /^version 1 \(Finance, 60 months, \$[\d,]+\.\d\d down, \$[\d,]+\.\d\d\/mo \(Good credit, [\d.]+% APR\)\)$/,
      ),
    });
    await eventually(() => {
      const dir = path.join(h.dataDir, "outbox");
      const mails = existsSync(dir)
        ? readdirSync(dir).map((f) => readMail(readFileSync(path.join(dir, f), "utf8")))
        : [];
      const mine = mails.find((m) => m.to.includes(user.email) && m.subject.startsWith("Accepted:"));
      // Issue #34: the phone number as people read it, not the stored digits.
      expect(mine?.text).toContain("Phone: 1 (555) 123-4567");
    });

    // A counter-offer is a new version and reopens the deal; the shopper's page hears its number
    // at once (and reads it on load); a later acceptance is version 3.
    const watcher = connectClient(h, id);
    await synced(watcher);
    const states: DealState[] = [];
    watcher.provider.messageHandlers[MESSAGE_DEAL_STATE] = (_encoder, decoder) => {
      const state = parseDealState(decoding.readVarString(decoder));
      if (state) states.push(state);
    };
    const counter = await h.api("POST", `/api/quotes/${id}/versions`, {}, token);
    expect(counter.status).toBe(201);
    expect(((await counter.json()) as { number: number }).number).toBe(2);
    // Issue #48: the state push may carry the state seq as well (and come once more when it moves).
    await eventually(() => {
      expect(states.length).toBeGreaterThan(0);
      for (const state of states)
        expect(state).toMatchObject({ locked: false, acceptedVersion: 1, counterOffer: 2 });
    });
    destroyClient(watcher);
    const shopperView = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as {
      locked: boolean;
      counterOffer: number | null;
    };
    expect(shopperView).toMatchObject({ locked: false, counterOffer: 2 });
    const reopened = connectClient(h, id, { token });
    await synced(reopened);
    writeField(reopened.deal, "pricing", { ...sampleQuote.pricing, discount: 750 });
    await eventually(async () => {
      const q = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
        data: { pricing: { discount: number } };
      };
      expect(q.data.pricing.discount).toBe(750);
    });
    destroyClient(reopened);
    const list = (await (await h.api("GET", `/api/quotes/${id}/versions`)).json()) as {
      number: number;
      kind: string;
    }[];
    expect(list.map((v) => [v.number, v.kind])).toEqual([
      [2, "counter"],
      [1, "accepted"],
    ]);
    const third = await acceptAsShown(h.api, id, { ...accept, structure: { structure: "cash" } });
    expect(await third.json()).toEqual({ version: 3 });
    expect(await (await h.api("GET", `/api/quotes/${id}`)).json()).toMatchObject({
      locked: true,
      acceptedVersion: 3,
      counterOffer: null,
    });
    // The dealer may also simply reopen it.
    expect((await h.api("POST", `/api/quotes/${id}/unlock`, {}, token)).status).toBe(200);
    expect((await h.api("POST", `/api/quotes/${id}/unlock`, {}, token)).status).toBe(400);
  });

  it("never gives a link holder the customer's contact details: no prefill, initials on the link's copy", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const priv = connectClient(h, id, { token, private: true });
    await synced(priv);
    writeField(priv.deal, "customerInfo", {
      name: "Pat Shopper",
      email: "pat@example.com",
      phone: "15551234567",
    });
    await eventually(async () => {
      const res = await h.api("GET", `/api/quotes/${id}`, undefined, token);
      expect(JSON.stringify(await res.json())).toContain("pat@example.com");
    });
    destroyClient(priv);
    // The acceptance form's prefill is gone: nothing answers the customer's record to a link.
    const prefill = await h.api("GET", `/api/quotes/${id}/accept`);
    expect(prefill.status).toBe(404);
    expect(await prefill.text()).not.toContain("pat@example.com");
    const accepted = await acceptAsShown(h.api, id, {
      name: "Sam Rivera",
      phone: "15559876543",
      email: "sam@example.com",
      structure: { structure: "cash" },
    });
    expect(accepted.status).toBe(201);
    const { version } = (await accepted.json()) as { version: number };
    const linkCopy = JSON.stringify(
      await (await h.api("GET", `/api/quotes/${id}/versions/${version}`)).json(),
    );
    expect(linkCopy).toContain('"name":"S. R."');
    for (const secret of ["Sam Rivera", "15559876543", "sam@example.com", "Pat Shopper", "pat@example.com"])
      expect(linkCopy).not.toContain(secret);
    const dealerCopy = JSON.stringify(
      await (await h.api("GET", `/api/quotes/${id}/versions/${version}`, undefined, token)).json(),
    );
    expect(dealerCopy).toContain("sam@example.com");
  });

  it("refuses to accept an expired quote with 410 and a clear message", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const { fingerprint } = await shownDeal(h.api, id);
    h.db
      .update(quotes)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(quotes.id, id))
      .run();
    const res = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...accept,
      structure: { structure: "cash" },
      fingerprint,
    });
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ message: CORE_MSG.quoteExpired });
  });
});
