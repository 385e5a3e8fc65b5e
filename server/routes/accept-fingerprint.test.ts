import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatMoney } from "@shared/core/money";
import { type DealSheet, sheetStrings } from "@shared/deal/deal-sheet";
import { choiceOf, type PresentedDeal } from "@shared/deal/presented-deal";
import { writeField } from "@shared/live/quote-doc";
import { MSG } from "@shared/text/messages";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptAsShown, shownDeal } from "../test-support/accept-quote";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";
import { readMail } from "../test-support/read-mail";

// Issue #46: what the shopper signs is exactly what the shopper saw. An acceptance names the
// fingerprint of the deal as presented; without it 400, with a stale one 409 (the deal as it now
// stands, nothing saved or locked); the version keeps the presented deal the shopper accepted.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const contact = { name: "Pat Shopper", phone: "15551234567", email: "pat@example.com" };
const cents = (dollars: number | undefined) => Math.round((dollars ?? Number.NaN) * 100);

type Read = { locked: boolean; acceptedVersion: number | null; data: Record<string, unknown> };
const read = async (id: string, token?: string) =>
  (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as Read & {
    selected: PresentedDeal;
    fingerprint: string;
  };
const versionsOf = async (id: string, token: string) =>
  (await (await h.api("GET", `/api/quotes/${id}/versions`, undefined, token)).json()) as unknown[];

/** Writes a field on a live document and waits until the server answers it. */
async function edit(client: Client, id: string, token: string, field: string, value: unknown) {
  writeField(client.deal, field, value);
  await eventually(async () => expect((await read(id, token)).data[field]).toEqual(value));
}

async function openQuote() {
  const { token, user } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealer = connectClient(h, id, { token });
  const shopper = connectClient(h, id);
  await Promise.all([synced(dealer), synced(shopper)]);
  return { token, user, id, dealer, shopper };
}

describe("an acceptance names the deal it accepts", () => {
  it("refuses an acceptance without a fingerprint with 400 naming the field, and saves nothing", async () => {
    const { token, id, dealer, shopper } = await openQuote();
    const res = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...contact,
      structure: { structure: "cash" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toEqual([{ field: "fingerprint", message: MSG.fingerprintRequired }]);
    expect(await read(id, token)).toMatchObject({ locked: false, acceptedVersion: null });
    expect(await versionsOf(id, token)).toEqual([]);
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("answers a stale fingerprint with 409 and the deal as it now stands, saves and locks nothing; the new fingerprint is accepted", async () => {
    const { token, id, dealer, shopper } = await openQuote();
    const seen = await shownDeal(h.api, id);
    // The dealer changes the price a moment before the shopper's tap.
    await edit(dealer, id, token, "pricing", { advertisedPrice: 25_000, discount: 1_250 });
    const now = await read(id);
    expect(now.fingerprint).not.toBe(seen.fingerprint);
    expect(now.selected.text).not.toBe(seen.selected.text);

    const stale = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...contact,
      structure: choiceOf(seen.selected),
      fingerprint: seen.fingerprint,
    });
    expect(stale.status).toBe(409);
    const changed = (await stale.json()) as { message: string; selected: PresentedDeal; fingerprint: string };
    expect(changed).toEqual({
      message: MSG.dealChanged,
      selected: now.selected,
      fingerprint: now.fingerprint,
    });
    expect(await read(id, token)).toMatchObject({ locked: false, acceptedVersion: null });
    expect(await versionsOf(id, token)).toEqual([]);
    // The dealer's page keeps editing: nothing was locked.
    await edit(dealer, id, token, "pricing", { advertisedPrice: 25_000, discount: 1_300 });
    const again = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...contact,
      structure: choiceOf(changed.selected),
      fingerprint: changed.fingerprint,
    });
    expect(again.status).toBe(409);
    const latest = (await again.json()) as { selected: PresentedDeal; fingerprint: string };

    // Accepting with the 409's fingerprint signs that deal.
    const accepted = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...contact,
      structure: choiceOf(latest.selected),
      fingerprint: latest.fingerprint,
    });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual({ version: 1 });
    const version = (await (await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, token)).json()) as {
      fingerprint: string;
      snapshot: { selected: PresentedDeal };
    };
    expect(version.fingerprint).toBe(latest.fingerprint);
    expect(version.snapshot.selected).toMatchObject(latest.selected);
    expect(await read(id, token)).toMatchObject({ locked: true, acceptedVersion: 1 });
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("binds a dealer's version the same way: 409 with a stale fingerprint, 201 with the current one", async () => {
    const { token, id, dealer, shopper } = await openQuote();
    const seen = await shownDeal(h.api, id, token);
    await edit(dealer, id, token, "downPayment", -3_000);
    const stale = await h.api("POST", `/api/quotes/${id}/versions`, { fingerprint: seen.fingerprint }, token);
    expect(stale.status).toBe(409);
    const changed = (await stale.json()) as { message: string; fingerprint: string };
    expect(changed.message).toBe(MSG.dealChanged);
    expect(await versionsOf(id, token)).toEqual([]);
    const saved = await h.api(
      "POST",
      `/api/quotes/${id}/versions`,
      { fingerprint: changed.fingerprint },
      token,
    );
    expect(saved.status).toBe(201);
    expect(((await saved.json()) as { fingerprint: string }).fingerprint).toBe(changed.fingerprint);
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("records the deal the shopper saw: Finance 60 mo picked at $2,000 down, the down changed to $5,000, accepted", async () => {
    const { token, user, id, dealer, shopper } = await openQuote();
    // The shopper taps the grid cell "Finance 60 mo, $2,000 down": the term, and the deal's down.
    writeField(shopper.deal, "shopperChoice", { structure: "finance", months: 60 });
    writeField(shopper.deal, "downPayment", -2_000);
    await eventually(async () =>
      expect((await read(id)).selected).toMatchObject({ months: 60, down: 2_000 }),
    );
    // Then the down payment becomes $5,000: the term stays chosen.
    await edit(shopper, id, token, "downPayment", -5_000);
    const shown = await shownDeal(h.api, id);
    expect(shown.selected).toMatchObject({ structure: "finance", months: 60, down: 5_000 });
    const monthly = formatMoney(cents(shown.selected.monthlyPayment));
    expect(shown.selected.text).toBe(
      `Finance, 60 months, $5,000.00 down, ${monthly}/mo (Good credit, ${shown.selected.aprPercent}% APR)`,
    );
    // The dealer's answer presents the same deal with the same fingerprint.
    expect(await shownDeal(h.api, id, token)).toEqual(shown);

    const accepted = await acceptAsShown(h.api, id, {
      ...contact,
      structure: { structure: "finance", months: 60 },
    });
    expect(accepted.status).toBe(201);
    const version = (await (await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, token)).json()) as {
      fingerprint: string;
      snapshot: { selected: PresentedDeal };
    };
    expect(version.fingerprint).toBe(shown.fingerprint);
    expect(version.snapshot.selected).toMatchObject(shown.selected);

    // The sheet says it once, and its grid boxes the deal's own $5,000 row at 60 months.
    const sheet = (
      (await (await h.api("GET", `/api/quotes/${id}/versions/1/sheet`)).json()) as { sheet: DealSheet }
    ).sheet;
    expect(sheet.agreement.text).toBe(shown.selected.text);
    expect(sheet.stamp.fingerprint).toBe(shown.fingerprint);
    const [grid] = sheet.tables;
    const [row, col] = grid?.selected ?? [-1, -1];
    expect(grid?.rows[row]?.[0]).toBe(SHEET_TEXT.yourDown("$5,000.00"));
    expect(grid?.head[col]).toBe("60 mo");
    expect(grid?.rows[row]?.[col]).toBe(monthly);
    // No other payment is on the sheet as agreed: "72 months" appears nowhere in its words.
    expect(sheetStrings(sheet).join("\n")).not.toContain("72 months");

    // The salesperson's mail names the same deal.
    await eventually(() => {
      const dir = path.join(h.dataDir, "outbox");
      const mails = existsSync(dir)
        ? readdirSync(dir).map((f) => readMail(readFileSync(path.join(dir, f), "utf8")))
        : [];
      const mine = mails.find((m) => m.to.includes(user.email) && m.subject.startsWith("Accepted:"));
      expect(mine?.text).toContain(shown.selected.text);
    });
    destroyClient(dealer);
    destroyClient(shopper);
  });
});

describe("cash presents what a cash buyer pays", () => {
  it("a cash choice presents the cash price before any down payment, whatever down is typed", async () => {
    const { token, id, dealer, shopper } = await openQuote();
    writeField(shopper.deal, "shopperChoice", { structure: "cash" });
    await edit(shopper, id, token, "downPayment", 0);
    const before = (await read(id)).selected;
    expect(before).toMatchObject({ structure: "cash", down: 0 });
    expect(before.text).toBe(`Cash, ${formatMoney(cents(before.cashPrice))}`);
    await edit(shopper, id, token, "downPayment", -3_000);
    const after = (await read(id)).selected;
    expect(after).toEqual({ structure: "cash", down: 3_000, cashPrice: before.cashPrice, text: before.text });
    destroyClient(dealer);
    destroyClient(shopper);
  });

  it("a trade worth more than the deal presents cash with what is due to the customer, whatever the choice", async () => {
    const { token, id, dealer, shopper } = await openQuote();
    writeField(shopper.deal, "shopperChoice", { structure: "finance", months: 60 });
    await edit(dealer, id, token, "downPayment", 0);
    await edit(dealer, id, token, "tradeIn", {
      hasTradeIn: true,
      vehicle: {
        description: "2023 Ford F-150",
        vin: "",
        mileage: 9_000,
        condition: "Excellent",
        value: 60_000,
      },
    });
    const { selected, fingerprint } = await shownDeal(h.api, id);
    expect(selected).toMatchObject({ structure: "cash", cashPrice: 0 });
    expect(selected.dueToCustomer).toBeGreaterThan(0);
    expect(selected.text).toBe(`Cash, $0.00, ${formatMoney(cents(selected.dueToCustomer))} due to customer`);
    expect(selected.text).not.toContain("/mo");
    const accepted = await h.api("POST", `/api/quotes/${id}/accept`, {
      ...contact,
      structure: choiceOf(selected),
      fingerprint,
    });
    expect(accepted.status).toBe(201);
    const sheet = (
      (await (await h.api("GET", `/api/quotes/${id}/versions/1/sheet`)).json()) as { sheet: DealSheet }
    ).sheet;
    expect(sheet.agreement.text).toBe(selected.text);
    destroyClient(dealer);
    destroyClient(shopper);
  });
});
