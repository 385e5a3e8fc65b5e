import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { expectConnected } from "./quote-setup";
import { authHeaders, createQuoteViaApi, registerDealerViaApi, signInAs } from "./support/api";

// Issue #18 in settings: the dealership's payment options and tax rules, which new quotes start with.

test("payment options and tax rules in settings: saved, accessible, and new quotes start with them", async ({
  page,
  request,
}) => {
  const owner = await registerDealerViaApi(request);
  await signInAs(page, owner);

  await page.goto("/settings/quote-defaults/payment-options");
  await expect(
    page.getByRole("heading", { level: 2, name: STRUCTURES_TEXT.paymentOptionsTitle }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(STRUCTURES_TEXT.downN(2)).fill("2500");
  await page.getByLabel(STRUCTURES_TEXT.offerLease).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(STRUCTURES_TEXT.paymentOptionsSaved)).toBeVisible();
  await expect(page.getByLabel(STRUCTURES_TEXT.downN(2))).toHaveValue("2,500.00");

  await page.goto("/settings/quote-defaults/tax-rules");
  await expect(page.getByRole("heading", { level: 2, name: STRUCTURES_TEXT.taxRulesTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const example = page.getByLabel(STRUCTURES_TEXT.startFromExample);
  await example.selectOption("example-mi-2026");
  await expect(page.getByTestId("template-rates")).toContainText("6%");
  await expect(page.getByLabel(STRUCTURES_TEXT.tradeInRule, { exact: true })).toHaveValue("capped");
  await expect(page.getByLabel(STRUCTURES_TEXT.tradeInCap, { exact: true })).toHaveValue("12,000.00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(STRUCTURES_TEXT.taxRulesSaved)).toBeVisible();
  const saved = await request.get("/api/dealer-defaults/tax-profile", { headers: authHeaders(owner) });
  expect((await saved.json()).taxRules.tradeIn).toEqual({ rule: "capped", cap: 12000 });

  // A new quote starts with both: a $2,500 row and a lease column.
  // (Issue #34: a lease needs the MSRP its residuals are a percent of.)
  const quoteId = await createQuoteViaApi(request, owner, {
    vehicle: { description: "2026 Honda Civic", mileage: 12, msrp: 28_000 },
  });
  await page.goto(`/quote/${quoteId}?view=dealer`);
  await expectConnected(page);
  await page.mouse.wheel(0, 400);
  await expect(page.getByTestId("structure-finance")).toContainText("$2,500");
  await expect(page.getByTestId("structure-lease")).toContainText(STRUCTURES_TEXT.residualsNote);
});
