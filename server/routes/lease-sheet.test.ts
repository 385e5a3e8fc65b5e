import { DEAL_OFFER_TEXT } from "@shared/text/deal-offer-text";
// Issue #34: the sheet of an accepted lease carries only lease figures, under a "You are agreeing
// to" box naming the one structure signed for, and its PDF holds exactly the page's dollar amounts.

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatMoney } from "@shared/core/money";
import { type DealSheet, sheetStrings } from "@shared/deal/deal-sheet";
import { writeField } from "@shared/live/quote-doc";
import { LEASE_LINE_TEXT } from "@shared/text/lease-line-text";
import { TEXT } from "@shared/text/page-text";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptAsShown, shownDeal } from "../test-support/accept-quote";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const program = {
  residuals: { "24": 62, "36": 56, "48": 50 },
  moneyFactors: { excellent: 0.00125, "very-good": 0.00175, good: 0.00225, fair: 0.00275, poor: 0.00325 },
  acquisitionFee: 695,
  dispositionFee: 395,
  securityDeposit: 0,
};

/** Every dollar figure in a text ("$1,234.56", "-$88.12"), sorted, repeats kept. */
const dollars = (text: string): string[] => (text.match(/-?\$[\d,]+\.\d\d/g) ?? []).sort();

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dealdesk-pdf-")), "sheet.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
}

describe("the sheet of an accepted lease", () => {
  it("says what is agreed, shows the lease's own lines and grids only, and its PDF has the page's every dollar amount", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token, {
      vehicle: {
        description: "2026 Honda Civic EX",
        color: "",
        mileage: 8,
        stockNumber: "",
        advertisedUrl: "",
        isNew: true,
        msrp: 31_000,
      },
      pricing: { advertisedPrice: 30_000, discount: 1_000 },
    });
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "leaseProgram", program);
    writeField(dealer.deal, "downPayment", -6_000);
    const shopper = connectClient(h, id);
    await synced(shopper);
    await eventually(() => expect(shopper.deal.length).toBeGreaterThan(0));
    // Issue #46: a pick names a structure and a term; picking the $2,000 row's cell sets the deal's
    // one down payment.
    writeField(shopper.deal, "shopperChoice", { structure: "lease", months: 36 });
    writeField(shopper.deal, "downPayment", -2_000);
    await eventually(async () => {
      const q = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as {
        data: { shopperChoice?: unknown };
      };
      expect(q.data.shopperChoice).toEqual({ structure: "lease", months: 36 });
      expect((q.data as { downPayment?: number }).downPayment).toBe(-2_000);
    });
    const shown = await shownDeal(h.api, id);
    expect(shown.selected).toMatchObject({ structure: "lease", months: 36, down: 2_000 });
    const accepted = await acceptAsShown(h.api, id, {
      name: "Pat Shopper",
      phone: "15551234567",
      email: "pat@example.com",
      structure: { structure: "lease", months: 36 },
    });
    expect(accepted.status).toBe(201);
    const { version } = (await accepted.json()) as { version: number };

    const res = await h.api("GET", `/api/quotes/${id}/versions/${version}/sheet`);
    const sheet = ((await res.json()) as { sheet: DealSheet }).sheet;
    expect(sheet.agreement.heading).toBe(DEAL_OFFER_TEXT.agreeingTo);
    expect(sheet.agreement.text).toMatch(
      /^Lease, 36 months, \$2,000\.00 down, \$[\d,]+\.\d\d\/mo, \$[\d,]+\.\d\d due at signing$/,
    );
    // The sentence the shopper was shown, and the grid boxes that very cell ($2,000 row, 36 mo).
    expect(sheet.agreement.text).toBe(shown.selected.text);
    const [monthly] = sheet.tables;
    const [row, col] = monthly?.selected ?? [-1, -1];
    expect(monthly?.rows[row]?.[0]).toBe("$2,000.00");
    expect(monthly?.head[col]).toBe("36 mo");
    expect(monthly?.rows[row]?.[col]).toBe(
      formatMoney(Math.round((shown.selected.monthlyPayment ?? 0) * 100)),
    );
    expect(sheet.agreement.paidWith).toMatch(/^Paid with \$[\d,]+\.\d\d cash$/);
    const labels = sheet.lines.map((line) => line.label);
    for (const label of [
      LEASE_LINE_TEXT.grossCapCost,
      LEASE_LINE_TEXT.capCostReduction,
      LEASE_LINE_TEXT.adjustedCapCost,
      LEASE_LINE_TEXT.residualValue,
      LEASE_LINE_TEXT.rentCharge,
      LEASE_LINE_TEXT.monthlyPayment,
      LEASE_LINE_TEXT.amountDueAtSigning,
      LEASE_LINE_TEXT.cashDueAtSigning,
    ])
      expect(labels).toContain(label);
    // None of the finance deal: no out-the-door price, no $6,000 down, no finance grid or APRs.
    for (const label of [TEXT.outTheDoorPrice, TEXT.taxableAmount, TEXT.totalBalance, TEXT.downPayment])
      expect(labels).not.toContain(label);
    expect(JSON.stringify(sheet)).not.toContain("6,000.00");
    expect(sheet.tables.map((table) => table.kind)).toEqual(["lease", "lease"]);
    expect(sheet.disclosures).not.toContain(SHEET_TEXT.ratesDisclosure);
    expect(sheet.disclosures).toContain(SHEET_TEXT.leaseDisclosure);
    const residual = sheet.lines.find((line) => line.label === LEASE_LINE_TEXT.residualValue);
    // 56% of the $31,000 MSRP, not of the advertised price.
    expect(residual?.amount).toBe("$17,360.00");
    expect(sheet.vehicle.details[0]).toBe(SHEET_TEXT.new);

    const pdf = await h.api("GET", `/quote/${id}/versions/${version}/sheet.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(dollars(text)).toEqual(dollars(sheetStrings(sheet).join("\n")));
    destroyClient(shopper);
    destroyClient(dealer);
  });
});
