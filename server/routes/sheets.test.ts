import { formatMoney } from "@shared/core/money";
import type { DealSheet } from "@shared/deal/deal-sheet";
import { writeField } from "@shared/live/quote-doc";
import { MSG } from "@shared/text/messages";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// Issue #19: the deal sheet of the current deal and of each version, the dealer's copy with the
// customer record and the shopper's without, as JSON for the page and as a PDF.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

type SheetAnswer = { copy: "dealer" | "shopper"; sheet: DealSheet };
const sheetOf = async (url: string, token?: string): Promise<SheetAnswer> => {
  const res = await h.api("GET", url, undefined, token);
  expect(res.status, url).toBe(200);
  return (await res.json()) as SheetAnswer;
};

describe("deal sheet", () => {
  it("holds the version's figures, its number and fingerprint; the shopper's copy has no customer record", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token, {
      ...sampleQuote,
      vehicle: { ...sampleQuote.vehicle, vin: "1HGCM82633A004352" },
    });
    const priv = connectClient(h, id, { token, private: true });
    await synced(priv);
    writeField(priv.deal, "customerInfo", {
      name: "Pat Private",
      email: "secret@example.com",
      phone: "15551234567",
    });
    await eventually(async () => {
      const q = (await (await h.api("GET", `/api/quotes/${id}`, undefined, token)).json()) as {
        data: { customerInfo: { name: string } };
      };
      expect(q.data.customerInfo.name).toBe("Pat Private");
    });
    destroyClient(priv);

    const saved = (await (await h.api("POST", `/api/quotes/${id}/versions`, {}, token)).json()) as {
      number: number;
      fingerprint: string;
    };
    const dealer = await sheetOf(`/api/quotes/${id}/versions/${saved.number}/sheet`, token);
    expect(dealer.copy).toBe("dealer");
    expect(dealer.sheet.stamp.heading).toBe(SHEET_TEXT.versionHeading(1, "saved"));
    expect(dealer.sheet.stamp.fingerprint).toBe(saved.fingerprint);
    expect(dealer.sheet.customer?.lines).toEqual(["Pat Private", "1 (555) 123-4567", "secret@example.com"]);
    expect(dealer.sheet.vehicle.details).toContain(SHEET_TEXT.vin("1HGCM82633A004352"));
    expect(dealer.sheet.vehicle.details).toContain(SHEET_TEXT.stock("A1"));
    // $25,000 - $500: the selling price, and the out-the-door price the quote page shows.
    const line = (label: string) => dealer.sheet.lines.find((l) => l.label === label)?.amount;
    expect(line("Selling price")).toBe(formatMoney(2_450_000));
    const quote = (await (await h.api("GET", `/api/quotes/${id}/versions/1`, undefined, token)).json()) as {
      snapshot: { breakdown: { outTheDoorPrice: number } };
    };
    expect(line("Out of the door price")).toBe(formatMoney(quote.snapshot.breakdown.outTheDoorPrice));
    expect(dealer.sheet.tables.map((t) => t.title)[0]).toMatch(/^Finance, monthly payment/);
    expect(dealer.sheet.disclosures).toContain(SHEET_TEXT.ratesDisclosure);
    expect(dealer.sheet.signatures).toEqual(["Customer", "Sales consultant", "Sales manager"]);

    const shopper = await sheetOf(`/api/quotes/${id}/versions/1/sheet`);
    expect(shopper.copy).toBe("shopper");
    expect(shopper.sheet.customer).toBeNull();
    expect(JSON.stringify(shopper)).not.toContain("secret@example.com");
    expect(JSON.stringify(shopper)).not.toContain("Pat Private");
    expect(shopper.sheet.lines).toEqual(dealer.sheet.lines);

    // The current deal, unchanged since version 1, prints with version 1's fingerprint.
    const current = await sheetOf(`/api/quotes/${id}/sheet`);
    expect(current.sheet.stamp.heading).toBe(SHEET_TEXT.currentDeal);
    expect(current.sheet.stamp.fingerprint).toBe(saved.fingerprint);
  });

  it("serves PDFs of both copies, refuses unknown versions and other dealers, and takes only real time zones", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    await h.api("POST", `/api/quotes/${id}/versions`, {}, token);
    for (const url of [`/quote/${id}/sheet.pdf`, `/quote/${id}/versions/1/sheet.pdf`]) {
      for (const [who, auth] of [
        ["shopper", undefined],
        ["dealer", token],
      ] as const) {
        const res = await h.api("GET", url, undefined, auth);
        expect(res.status, url).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/pdf");
        expect(res.headers.get("x-deal-sheet-copy")).toBe(who);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
        expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
      }
    }
    for (const n of ["2", "0", "abc", "1.5", "99999999999"]) {
      const res = await h.api("GET", `/api/quotes/${id}/versions/${n}/sheet`);
      expect(res.status, n).toBe(404);
      expect(await res.json()).toEqual({ message: MSG.versionNotFound });
      expect((await h.api("GET", `/quote/${id}/versions/${n}/sheet.pdf`)).status, n).toBe(404);
    }
    expect((await h.api("GET", "/quote/nope/sheet.pdf")).status).toBe(404);
    const other = await h.dealer();
    expect((await h.api("GET", `/api/quotes/${id}/sheet`, undefined, other.token)).status).toBe(404);

    const at = (await sheetOf(`/api/quotes/${id}/versions/1/sheet?tz=Pacific/Auckland`)).sheet.stamp.at;
    const utc = (await sheetOf(`/api/quotes/${id}/versions/1/sheet?tz=UTC`)).sheet.stamp.at;
    expect(at).not.toBe(utc);
    const bogus = (await sheetOf(`/api/quotes/${id}/versions/1/sheet?tz=Mars%2FOlympus`)).sheet.stamp.at;
    expect(bogus).toBe((await sheetOf(`/api/quotes/${id}/versions/1/sheet`)).sheet.stamp.at);
  });
});
