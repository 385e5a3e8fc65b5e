import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { MSG } from "../shared/text/messages";
import { QUOTE_TEXT, TEXT } from "../shared/text/page-text";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./fixtures";
import { dealerOffersLease, setUpLeaseQuote } from "./lease-deal-setup";
import { comeToDesk, expectConnected, saveTradeIn, quoteTest as test, WORKED_DEFAULTS } from "./quote-setup";
import { addMemberViaApi, createQuoteViaApi, signInAs } from "./support/api";
import { DESKTOP, PHONE, SCREENS, type Screen } from "./support/every-page";
import {
  expectLayoutShiftAtMost,
  expectLinedUp,
  expectNoClippedText,
  expectNoFigureTwice,
  expectNothingOutOfCards,
  recordLayoutShifts,
} from "./support/layout-checks";

// Issue #14: every page passes axe (no serious or critical violations) in light and in dark mode,
// on a phone and on a desktop, with no sideways scrolling on the phone; the key screens are kept
// as screenshots. `npm run screens` writes them to docs/screens/ (the README shows them); a
// normal run writes them under test-results/screens/ for review. Issue #51: at 390×844 and
// 1440×900 no text is cut by its box, nothing spills out of a card, and the dashboard does not
// move after its first paint (CLS from the browser's LayoutShift entries ≤ 0.05). The desk is a
// first week's: the owner and a salesperson with a quote each (the dashboard is the desk log), a
// shopper looking at the owner's quote (its "Customer looking now" badge) with a trade-in still to
// be appraised (the longest value of the shopper's option tiles).

const SCREENS_DIR = process.env.UPDATE_SCREENS ? "docs/screens" : "test-results/screens";
test.use({ quoteDefaults: WORKED_DEFAULTS });
test.setTimeout(240_000);

async function settle(page: Page, screen: Screen) {
  if (screen.live) {
    await expectConnected(page);
    // What renders as the reader comes near it (the comparison card, the dealer's History) is
    // checked too; the screen is kept from the top.
    await comeToDesk(page);
  }
  if (screen.name === "deal-sheet") await expect(page.getByTestId("deal-sheet")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Nothing still loading (the page loaders say "Loading...").
  await expect(page.getByRole("status").filter({ hasText: /^Loading\.\.\.$/ })).toHaveCount(0);
  if (screen.live) await page.evaluate(() => window.scrollTo(0, 0));
}

for (const scheme of ["light", "dark"] as const) {
  test(`every page passes axe in ${scheme} mode on a phone and a desktop; the key screens are kept`, async ({
    quote,
    pages,
    request,
  }) => {
    const sam = await addMemberViaApi(request, quote.account, {
      role: "salesperson",
      firstName: "Sam",
      lastName: "Seller",
    });
    await createQuoteViaApi(request, sam, {
      vehicle: { description: "2024 Chevrolet Silverado 1500 LTZ Crew Cab", mileage: 10 },
    });
    // The shopper stays on the quote for the whole pass.
    const shopper = await pages.shopper(quote, PHONE);
    await shopper.page.getByTestId("option-trade-in").click();
    await saveTradeIn(shopper.page.getByRole("dialog"), {
      checkbox: TEXT.tradeInCheckboxShopper,
      description: "2015 Ford Focus SE",
      mileage: "91000",
    });
    await expect(shopper.page.getByTestId("option-trade-in")).toContainText(QUOTE_TEXT.tradeInToAppraise);
    const context = await pages.context();
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await recordLayoutShifts(page);
    mkdirSync(SCREENS_DIR, { recursive: true });
    let signedIn = false;
    for (const screen of SCREENS) {
      if (screen.signedIn && !signedIn) {
        await signInAs(page, quote.account);
        signedIn = true;
      }
      for (const [device, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        await test.step(`${screen.name} on a ${device}`, async () => {
          await page.setViewportSize(viewport);
          await page.goto(screen.path(quote.quoteId));
          await settle(page, screen);
          await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
          await expectNoSeriousA11yViolations(page);
          if (device === "phone") await expectNoHorizontalScroll(page);
          await expectNoClippedText(page);
          await expectNothingOutOfCards(page);
          if (screen.name === "dashboard") {
            // The badge the clipping check reads, in the desk log's row or card.
            await expect(page.getByTestId("customer-looking-now")).toHaveText(MSG.customerLookingNow);
            await expectLayoutShiftAtMost(page, 0.05);
          }
          if (screen.name === "shopper-quote") {
            const tiles = ["option-trade-in", "option-down-payment"];
            await expectLinedUp(page, tiles, "top");
            await expectLinedUp(page, [...tiles, "option-credit-tier"], "bottom");
          }
          if (screen.path("").startsWith("/settings/")) {
            // A settings page's own title (h2) is never larger than the page's h1 (#14).
            const size = (selector: string) =>
              page
                .locator(selector)
                .first()
                .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
            expect(await size("main h2")).toBeLessThan(await size("main h1"));
          }
          if (screen.key)
            await page.screenshot({
              path: path.join(SCREENS_DIR, `${screen.name}-${device}-${scheme}.png`),
              fullPage: device !== "phone",
            });
        });
      }
    }
  });
}

// Issue #34: the lease grid with a lease that is not offered, and the sheet of an accepted lease.
for (const scheme of ["light", "dark"] as const) {
  test(`the lease grid with an unavailable cell and the sheet of an accepted lease pass axe in ${scheme} mode; kept as screens`, async ({
    request,
    pages,
  }) => {
    const setup = await setUpLeaseQuote(request);
    const dealer = await pages.dealer(setup);
    await dealerOffersLease(dealer.page);
    mkdirSync(SCREENS_DIR, { recursive: true });
    const context = await pages.context();
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    for (const [device, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/quote/${setup.quoteId}`);
      await expectConnected(page);
      await comeToDesk(page);
      if (device === "phone")
        await page.getByRole("button", { name: STRUCTURES_TEXT.lease, exact: true }).click();
      await expect(page.getByTestId("lease-unavailable-4000-24")).toBeVisible();
      await expectNoFigureTwice(page.getByTestId("structure-lease").locator("td"));
      await expectNoClippedText(page);
      await expectNoSeriousA11yViolations(page);
      if (device === "phone") await expectNoHorizontalScroll(page);
      await page.getByTestId("structures").screenshot({
        path: path.join(SCREENS_DIR, `lease-grid-${device}-${scheme}.png`),
      });
    }
    // The shopper takes 36 months with $2,000 down and accepts; the accepted version's sheet.
    await page.getByTestId("choose-lease-2000-36").click();
    await page.getByTestId("want-this-deal").click();
    const accept = page.getByRole("dialog", { name: STRUCTURES_TEXT.acceptTitle });
    await accept.getByLabel(STRUCTURES_TEXT.yourName).fill("Pat Shopper");
    await accept.getByLabel(STRUCTURES_TEXT.yourPhone).fill("(555) 123-4567");
    await accept.getByLabel(STRUCTURES_TEXT.yourEmail).fill("pat@example.com");
    await accept.getByRole("button", { name: STRUCTURES_TEXT.acceptSubmit }).click();
    await expect(page.getByTestId("deal-accepted")).toBeVisible();
    for (const [device, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/quote/${setup.quoteId}/versions/1/sheet`);
      await expect(page.getByTestId("sheet-agreement")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoSeriousA11yViolations(page);
      if (device === "phone") await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: path.join(SCREENS_DIR, `lease-sheet-${device}-${scheme}.png`),
        fullPage: device !== "phone",
      });
    }
  });
}
