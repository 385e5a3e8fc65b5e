import type { Page } from "@playwright/test";
import { type QuoteData, type QuoteTaxRules, quoteDataSchema } from "../shared/schemas/quote-schema";
import { DEAL_OFFER_TEXT } from "../shared/text/deal-offer-text";
import { QUOTE_TEXT, VEHICLE_FORM_LABELS } from "../shared/text/page-text";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./fixtures";
import { comeToDesk, lineValue, openLine, showHistory, quoteTest as test } from "./quote-setup";
import { authHeaders } from "./support/api";

// Issue #18 end to end, on a phone and on a desktop: the dealer adds a rebate and a lease
// programme; the shopper switches to lease, 36 months with $2,000 down; the dealer sees that
// choice live; the figures on both screens are POST /api/calculate's for the same deal.

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

const dollars = (amount: number) =>
  `${amount < 0 ? "-" : ""}$${Math.abs(amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The quote's stored deal as the calculation API's input, with one lease option and `down` cash down. */
function calculateBody(data: QuoteData, down: number, months: number) {
  const rules: Omit<QuoteTaxRules, "profileLabel" | "state"> = data.taxRules ?? {
    tradeIn: { rule: "full" },
    rebates: "taxed",
    fees: { doc: true, dealer: true, addOn: true, gov: false },
    lease: { method: "monthly", capReductionTaxable: true, tradeCredit: true },
  };
  const program = data.leaseProgram;
  if (!program) throw new Error("the quote has no lease programme");
  return {
    sellingPrice:
      data.pricing.advertisedPrice - Math.min(data.pricing.discount, data.pricing.advertisedPrice),
    msrp: data.vehicle.msrp,
    isNew: data.vehicle.isNew !== false,
    addOns: data.addOns
      .filter((a) => a.isSelected)
      .map((a) => ({ name: a.name, price: a.sellingPrice ?? a.price })),
    fees: [
      ...data.dealerFeeItems.map((f) => ({ name: f.name, kind: "dealer", amount: f.amount })),
      ...data.governmentFeeItems.map((f) => ({ name: f.name, kind: "gov", amount: f.amount })),
    ],
    tradeIn: { value: 0, owed: 0 },
    rebates: data.rebates.map((r) => ({ name: r.name, amount: r.amount })),
    downPayment: down,
    taxProfile: {
      rates: data.taxItems.map((t) => ({ name: t.name, ratePercent: t.rate })),
      tradeIn: {
        rule: rules.tradeIn.rule,
        ...(rules.tradeIn.cap === undefined ? {} : { capDollars: rules.tradeIn.cap }),
      },
      rebates: rules.rebates,
      fees: rules.fees,
      ...(rules.minTax === undefined ? {} : { minTaxDollars: rules.minTax }),
      lease: rules.lease,
    },
    finance: [],
    lease: [
      {
        months,
        residualPercent: program.residuals[String(months) as "36"],
        moneyFactor: program.moneyFactors[data.selectedCreditTier],
        acquisitionFee: program.acquisitionFee,
        dispositionFee: program.dispositionFee,
        securityDeposit: program.securityDeposit,
      },
    ],
  };
}

/** On a phone one structure shows at a time: pick it with the switch above the grids. */
async function showStructure(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole("button", { name, exact: true }).click();
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  const phone = device === "phone";
  test(`${device}: a rebate and a lease programme, the shopper's lease pick seen live, figures as the calculation API's`, async ({
    quote,
    pages,
    request,
  }) => {
    test.setTimeout(60_000);
    const dealer = await pages.dealer(quote, viewport);
    const shopper = await pages.shopper(quote, viewport);
    // The comparison renders once the page is idle and the shopper comes near it.
    await comeToDesk(shopper.page);
    await dealer.page.mouse.wheel(0, 300);
    await expect(shopper.page.getByTestId("structures")).toBeVisible();
    await expect(dealer.page.getByTestId("structures")).toBeVisible();
    // No lease yet: the shopper is not offered one, the dealer is told how to add it.
    await expect(shopper.page.getByTestId("structure-lease")).toHaveCount(0);
    await showStructure(dealer.page, STRUCTURES_TEXT.lease, phone);
    await expect(dealer.page.getByTestId("no-lease-program")).toHaveText(STRUCTURES_TEXT.noLeaseProgram);

    // The dealer adds a manufacturer rebate.
    const outTheDoorBefore = await lineValue(shopper.page, "out-the-door").textContent();
    await openLine(dealer.page, "rebates");
    const rebates = dealer.page.getByRole("dialog", { name: QUOTE_TEXT.rebates });
    await rebates.getByRole("button", { name: STRUCTURES_TEXT.addRebate }).click();
    await rebates.getByLabel(STRUCTURES_TEXT.rebateName).fill("Loyalty cash");
    await rebates.getByLabel(STRUCTURES_TEXT.rebateAmount).fill("750");
    await rebates.getByRole("button", { name: "Save" }).click();
    await expect(rebates).toBeHidden();
    await expect(lineValue(shopper.page, "rebates")).toHaveText("-$750.00");
    await expect(lineValue(shopper.page, "out-the-door")).not.toHaveText(outTheDoorBefore ?? "");

    // The dealer offers a lease with the starter programme (24/36/48 months).
    await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.editPaymentOptions }).click();
    const options = dealer.page.getByRole("dialog", { name: STRUCTURES_TEXT.editPaymentOptions });
    await options.getByLabel(STRUCTURES_TEXT.offerLease).check();
    await expect(options.getByLabel(STRUCTURES_TEXT.residualFor(36))).toHaveValue("56");
    await expectNoSeriousA11yViolations(dealer.page);
    await options.getByRole("button", { name: "Save" }).click();
    await expect(options).toBeHidden();

    // Issue #34: residuals are a percent of the MSRP; until the dealer adds it, no lease is offered.
    await showStructure(dealer.page, STRUCTURES_TEXT.lease, phone);
    await expect(dealer.page.getByTestId("lease-needs-msrp")).toHaveText(DEAL_OFFER_TEXT.msrpNeeded);
    await expect(shopper.page.getByTestId("structure-lease")).toHaveCount(0);
    await dealer.page.getByRole("button", { name: QUOTE_TEXT.editVehicle }).click();
    const vehicle = dealer.page.getByRole("dialog", { name: QUOTE_TEXT.editVehicleTitle });
    await vehicle.getByLabel(VEHICLE_FORM_LABELS.msrp).fill("33,500");
    await vehicle.getByRole("button", { name: "Save" }).click();
    await expect(vehicle).toBeHidden();

    // The shopper switches to lease and picks 36 months with $2,000 down.
    await showStructure(shopper.page, STRUCTURES_TEXT.lease, phone);
    const cell = shopper.page.getByTestId("choose-lease-2000-36");
    await expect(cell).toBeVisible();
    await cell.click();
    await expect(cell).toHaveAttribute("aria-pressed", "true");
    if (phone) await expectNoHorizontalScroll(shopper.page);
    await shopper.page
      .getByTestId("structures")
      .screenshot({ path: `.tmp/screenshots/structures-${device}.png` });
    await expectNoSeriousA11yViolations(shopper.page);

    // The dealer sees it live, in words and on the grid; the history says so too.
    const monthly = /\$[\d,]+\.\d\d(?=\/mo)/.exec((await cell.textContent()) ?? "")?.[0] ?? "";
    // Issue #34: in the words of the sheet's "You are agreeing to" box.
    await expect(dealer.page.getByTestId("customer-choice")).toContainText(
      `Customer is looking at: Lease, 36 months, $2,000.00 down, ${monthly}/mo, `,
      { timeout: 2_000 },
    );
    await showStructure(dealer.page, STRUCTURES_TEXT.lease, phone);
    await expect(dealer.page.getByTestId("lease-2000-36")).toHaveAttribute("data-chosen", "true");
    // Issue #46: the choice names the structure and term; picking the cell also sets the deal's one
    // down payment, its own field (checked on the stored deal below).
    const events = (await showHistory(dealer.page)).getByTestId("history-event");
    await expect(events.filter({ hasText: /^Shopper chose Lease 36 mo(?!,)/ })).toHaveCount(1, {
      timeout: 4_000,
    });

    // Both screens show the calculation API's figures for the same deal.
    const stored = await request.get(`/api/quotes/${quote.quoteId}`, { headers: authHeaders(quote.account) });
    const { customerInfo: _private, ...deal } = (await stored.json()).data;
    const data = quoteDataSchema.parse(deal);
    // The picked row's down payment is the deal's one down payment (a credit: stored negative).
    expect(data.downPayment).toBe(-2000);
    expect(data.shopperChoice).toEqual({ structure: "lease", months: 36 });
    const calculated = await request.post("/api/calculate", {
      data: calculateBody(data, 2000, 36),
      headers: authHeaders(quote.account),
    });
    expect(calculated.status()).toBe(200);
    const lease = (await calculated.json()).lease[0];
    expect(monthly).toBe(dollars(lease.monthlyPayment));
    await expect(cell).toContainText(`${dollars(lease.amountDueAtSigning)} ${STRUCTURES_TEXT.dueAtSigning}`);
    await expect(dealer.page.getByTestId("lease-2000-36")).toContainText(dollars(lease.monthlyPayment));
    await expect(shopper.page.getByTestId("lease-notes")).toContainText(
      `${STRUCTURES_TEXT.totalOfPayments}: ${dollars(lease.totalOfPayments)}`,
    );
    // The money factor is shown as one, never as an APR.
    await expect(shopper.page.getByTestId("lease-notes")).toContainText("Money factor 0.00200");
    await expect(shopper.page.getByTestId("structure-lease")).not.toContainText("APR");
    // A chosen lease shows its own lines, not the purchase breakdown (issue #34).
    await expect(shopper.page.getByTestId("lease-lines")).toContainText(dollars(lease.amountDueAtSigning));
    await expect(lineValue(shopper.page, "out-the-door")).toHaveCount(0);
    // And once cash is chosen, the page's out-the-door line is back, and cash presents what a cash
    // buyer pays: that line before the $2,000.00 down payment (issue #46, decision 027).
    await showStructure(shopper.page, STRUCTURES_TEXT.cash, phone);
    await shopper.page.getByRole("button", { name: STRUCTURES_TEXT.chooseCash }).click();
    const outTheDoor = Number(
      ((await lineValue(shopper.page, "out-the-door").textContent()) ?? "").replace(/[$,]/g, ""),
    );
    expect(outTheDoor).toBeGreaterThan(0);
    await expect(shopper.page.getByTestId("structure-cash-out-the-door")).toHaveText(
      dollars(outTheDoor + 2000),
    );
  });
}
