// Issue #46/#49: a finance sheet carries the Truth-in-Lending box (APR, finance charge, amount
// financed, total of payments, payment schedule), exact: a 0 % contract discloses a finance charge
// of $0.00 and a total of payments equal to the amount financed; the PDF carries the same figures.

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CREDIT_TIER_IDS, LOAN_TERM_KEYS } from "@shared/core/constants";
import type { DealSheet } from "@shared/deal/deal-sheet";
import { readDoc, writeField } from "@shared/live/quote-doc";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const pdfText = (bytes: Buffer): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dealdesk-pdf-")), "sheet.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
};

const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

describe("the finance sheet's Truth-in-Lending box", () => {
  it("discloses a 0 % contract exactly: finance charge $0.00, total of payments = amount financed, on the page and the PDF", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    const zero = Object.fromEntries(
      CREDIT_TIER_IDS.map((tier) => [tier, Object.fromEntries(LOAN_TERM_KEYS.map((term) => [term, 0]))]),
    );
    writeField(dealer.deal, "interestRates", zero);
    writeField(dealer.deal, "downPayment", -2_000);
    expect(readDoc(dealer.deal).downPayment).toBe(-2_000);

    let sheet: DealSheet | undefined;
    await eventually(async () => {
      const res = await h.api("GET", `/api/quotes/${id}/sheet`, undefined, token);
      sheet = ((await res.json()) as { sheet: DealSheet }).sheet;
      expect(sheet.truthInLending?.boxes[0]?.amount).toBe("0%");
    });
    const til = sheet?.truthInLending;
    expect(til?.heading).toBe(SHEET_TEXT.truthInLending);
    expect(til?.boxes.map((box) => box.label)).toEqual([
      SHEET_TEXT.annualPercentageRate,
      SHEET_TEXT.financeCharge,
      SHEET_TEXT.amountFinanced,
      SHEET_TEXT.totalOfPayments,
    ]);
    const [, charge, financed, total] = til?.boxes ?? [];
    expect(charge?.amount).toBe("$0.00");
    expect(total?.amount).toBe(financed?.amount);
    // The schedule adds up to the total of payments to the cent.
    const schedule = til?.schedule ?? "";
    const [count, payment, final] = [
      Number(schedule.match(/(\d+) monthly/)?.[1]),
      ...(schedule.match(/\$[\d,]+\.\d\d/g) ?? []).map(money),
    ];
    expect(count * (payment ?? 0) + (final ?? 0)).toBe(money(total?.amount ?? ""));

    const pdf = await h.api("GET", `/quote/${id}/sheet.pdf`, undefined, token);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(SHEET_TEXT.truthInLending);
    expect(text).toContain(SHEET_TEXT.totalOfPayments);
    expect(text.replace(/\s+/g, " ")).toContain(schedule);
    destroyClient(dealer);
  });
});
