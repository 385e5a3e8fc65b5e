// Issue #11, Major 3 and 5: Email and Text save the customer just typed, and the message is personal.

import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { quoteTest as test } from "./quote-setup";

/** Keeps mailto:/sms: links from leaving the page (no mail app in the test browser); the page's own handlers still run. */
async function stayOnPage(page: Page) {
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element).closest('a[href^="mailto:"], a[href^="sms:"]')) event.preventDefault();
      },
      true,
    ),
  );
}

for (const button of ["Email", "Text"] as const) {
  test(`pressing ${button} in the Share dialog saves the customer's name, email and phone`, async ({
    quote,
    pages,
  }) => {
    const { page } = await pages.dealer(quote);
    await stayOnPage(page);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Quote" });
    await dialog.getByLabel("Customer name").fill("Sam Lee");
    await dialog.getByLabel("Email").fill("sam@example.com");
    await dialog.getByLabel("Phone").fill("5551234567");
    await dialog.getByRole("link", { name: button }).click();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByTestId("customer-line")).toContainText("Customer: Sam Lee");
    await expect(page.getByTestId("customer-line")).toContainText("sam@example.com");
    await expect(page.getByTestId("customer-line")).toContainText("1 (555) 123-4567");
  });
}

test("the Share text greets the customer and is signed by the consultant and the dealership", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.dealer(quote);
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Quote" });
  await dialog.getByLabel("Customer name").fill("Sam Lee");
  await dialog.getByLabel("Phone").fill("5551234567");
  const href = (await dialog.getByRole("link", { name: "Text" }).getAttribute("href")) ?? "";
  const body = decodeURIComponent(href.split("&body=")[1] ?? "");
  const link = `${new URL(page.url()).origin}/quote/${quote.quoteId}`;
  expect(body).toBe(
    `Hi Sam, here's the quote for the 2024 Honda Accord EX-L we talked about — Dana Whitfield, Example Motors: ${link}`,
  );
});
