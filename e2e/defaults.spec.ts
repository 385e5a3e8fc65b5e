import type { Page } from "@playwright/test";
import {
  confirmDeleteNamed,
  crudMessage,
  DELETE_DEFAULT_NOTE,
  type DefaultListKind,
  emptyListMessage,
} from "../shared/text/dealer-messages";
import { MSG } from "../shared/text/messages";
import { UNSAVED_CHANGES_CONFIRM } from "../src/lib/unsaved-changes";
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from "./fixtures";
import { authHeaders, type DealerAccount, registerDealerViaApi, signInAs } from "./support/api";

interface ListCase {
  kind: DefaultListKind;
  page: string;
  api: string;
  listKey: string;
  noun: string;
  heading: string;
  /** The field that names an item, and the money or rate field. */
  nameLabel: string;
  figureLabel: string;
  hasDescription: boolean;
  name: string;
  renamed: string;
  typed: string;
  formatted: string;
  shown: string;
  /** Field messages and the banner for an empty add card (spec §5). */
  emptyErrors: string[];
  emptyBanner: string;
  browserConfirm?: string;
}

const LISTS: ListCase[] = [
  {
    kind: "addOn",
    page: "add-ons",
    api: "addons",
    listKey: "addons",
    noun: "add-on",
    heading: "Add-ons",
    nameLabel: "Name",
    figureLabel: "Price",
    hasDescription: true,
    name: "Floor mats",
    renamed: "Premium floor mats",
    typed: "1234.5",
    formatted: "1,234.50",
    shown: "$1,234.50",
    emptyErrors: [MSG.nameRequired, MSG.priceRequired],
    emptyBanner: MSG.nameAndPriceRequired,
  },
  {
    kind: "taxRate",
    page: "taxes",
    api: "taxes",
    listKey: "taxes",
    noun: "tax rate",
    heading: "Taxes",
    nameLabel: "Description",
    figureLabel: "Rate (%)",
    hasDescription: false,
    name: "State sales tax",
    renamed: "County sales tax",
    typed: "8.875",
    formatted: "8.875",
    shown: "8.875%",
    emptyErrors: [MSG.descriptionRequired, MSG.rateRequired],
    emptyBanner: MSG.descriptionAndRateRequired,
  },
  {
    kind: "dealerFee",
    page: "dealer-fees",
    api: "dealer-fees",
    listKey: "dealerFees",
    noun: "dealer fee",
    heading: "Dealer fees",
    nameLabel: "Name",
    figureLabel: "Amount",
    hasDescription: true,
    name: "Doc fee",
    renamed: "Documentation fee",
    typed: "85",
    formatted: "85.00",
    shown: "$85.00",
    emptyErrors: [MSG.nameRequired, MSG.amountRequired],
    emptyBanner: MSG.nameAndAmountRequired,
    browserConfirm: MSG.confirmDeleteDealerFee,
  },
  {
    kind: "governmentFee",
    page: "government-fees",
    api: "government-fees",
    listKey: "governmentFees",
    noun: "government fee",
    heading: "Government fees",
    nameLabel: "Name",
    figureLabel: "Amount",
    hasDescription: true,
    name: "Title fee",
    renamed: "Title and registration",
    typed: "1000000",
    formatted: "1,000,000.00",
    shown: "$250.00",
    emptyErrors: [MSG.nameRequired, MSG.amountRequired],
    emptyBanner: MSG.nameAndAmountRequired,
    browserConfirm: MSG.confirmDeleteGovernmentFee,
  },
];

async function openPage(page: Page, account: DealerAccount, path: string) {
  await signInAs(page, account);
  await page.goto(`/settings/quote-defaults/${path}`);
}

for (const list of LISTS) {
  test(`a dealer adds, edits, cancels an edit and deletes ${/^[aeiou]/.test(list.noun) ? "an" : "a"} ${list.noun}`, async ({
    page,
    request,
  }) => {
    const account = await registerDealerViaApi(request);
    await openPage(page, account, list.page);
    await expect(page.getByRole("heading", { name: list.heading })).toBeVisible();
    await expect(page.getByText(emptyListMessage(list.kind))).toBeVisible();

    // The add card toggles, and an empty one shows every message of spec §5.
    const addNew = page.getByRole("button", { name: "Add new" });
    await addNew.click();
    const card = page.getByRole("form", { name: `New ${list.noun}` });
    await expect(card).toBeVisible();
    await addNew.click();
    await expect(card).toBeHidden();
    await addNew.click();
    await card.getByRole("button", { name: "Save" }).click();
    for (const message of list.emptyErrors) await expect(card.getByText(message)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: list.emptyBanner })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Typing fixes the fields; money is formatted when the field is left.
    await card.getByLabel(list.nameLabel, { exact: false }).first().fill(list.name);
    await expect(card.getByText(list.emptyErrors[0] as string)).toBeHidden();
    if (list.hasDescription) await card.getByLabel("Description").fill("Everyday item");
    const figure = card.getByLabel(list.figureLabel, { exact: false });
    await figure.pressSequentially(list.typed);
    await figure.press("Tab");
    await expect(figure).toHaveValue(list.formatted);

    if (list.kind === "governmentFee") {
      // Above 999,999.99 is refused with the shared message and nothing is saved.
      await card.getByRole("button", { name: "Save" }).click();
      await expect(card.getByText(MSG.amountTooLarge)).toBeVisible();
      await figure.fill("250");
      await figure.press("Tab");
      await expect(figure).toHaveValue("250.00");
    }
    await figure.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: crudMessage(list.kind, "created") }),
    ).toBeVisible();
    await expect(card).toBeHidden();
    await expect(addNew).toBeFocused();
    const rows = page.getByRole("list", { name: list.heading }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(list.name);
    await expect(rows.first()).toContainText(list.shown);
    await expect(page.getByText(emptyListMessage(list.kind))).toBeHidden();

    // Escape cancels an inline edit and keeps the old values.
    await page.getByRole("button", { name: `Edit ${list.name}` }).click();
    const editForm = page.getByRole("form", { name: `Edit ${list.name}` });
    const nameInput = editForm.getByLabel(list.nameLabel, { exact: false }).first();
    await expect(nameInput).toBeFocused();
    await nameInput.fill(list.renamed);
    await nameInput.press("Escape");
    await expect(editForm).toBeHidden();
    await expect(rows.first()).toContainText(list.name);
    await expect(page.getByRole("button", { name: `Edit ${list.name}` })).toBeFocused();

    // The x icon cancels too; a blank name is refused in place.
    await page.getByRole("button", { name: `Edit ${list.name}` }).click();
    await nameInput.fill("");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await expect(editForm.getByText(list.emptyErrors[0] as string)).toBeVisible();
    await editForm.getByRole("button", { name: "Cancel editing" }).click();
    await expect(rows.first()).toContainText(list.name);

    // Enter confirms an inline edit.
    await page.getByRole("button", { name: `Edit ${list.name}` }).click();
    await nameInput.fill(list.renamed);
    await nameInput.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: crudMessage(list.kind, "updated") }),
    ).toBeVisible();
    await expect(rows.first()).toContainText(list.renamed);
    await expect(page.getByRole("button", { name: `Edit ${list.renamed}` })).toBeFocused();

    // It is saved on the server: a reload shows it.
    await page.reload();
    await expect(rows.first()).toContainText(list.renamed);
    await expect(rows.first()).toContainText(list.shown);

    // Delete asks in a dialog (and, for fees, the browser as well).
    await page.getByRole("button", { name: `Delete ${list.renamed}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${list.noun}` });
    await expect(dialog).toContainText(confirmDeleteNamed(list.renamed));
    await expect(dialog).toContainText(DELETE_DEFAULT_NOTE);
    // Checked once the opening transition is over, so that contrast is measured at full opacity.
    await expect(dialog).toHaveCSS("opacity", "1");
    await expectNoSeriousA11yViolations(page);
    let confirmText = "";
    if (list.browserConfirm) {
      page.once("dialog", (browserDialog) => {
        confirmText = browserDialog.message();
        void browserDialog.accept();
      });
    }
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: crudMessage(list.kind, "deleted") }),
    ).toBeVisible();
    expect(confirmText).toBe(list.browserConfirm ?? "");
    await expect(dialog).toBeHidden();
    await expect(page.getByText(emptyListMessage(list.kind))).toBeVisible();

    // Soft-deleted: gone from the API's list too.
    const answer = await request.get(`/api/dealer-defaults/${list.api}`, { headers: authHeaders(account) });
    expect(await answer.json()).toEqual({ [list.listKey]: [] });
  });
}

test("a dealer fee stays when the browser confirm is dismissed", async ({ page, request }) => {
  const account = await registerDealerViaApi(request);
  await request.post("/api/dealer-defaults/dealer-fees", {
    headers: authHeaders(account),
    data: { name: "Doc fee", description: "", amount: 85 },
  });
  await openPage(page, account, "dealer-fees");
  await page.getByRole("button", { name: "Delete Doc fee" }).click();
  page.once("dialog", (browserDialog) => void browserDialog.dismiss());
  await page
    .getByRole("dialog", { name: "Delete dealer fee" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("dialog", { name: "Delete dealer fee" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("list", { name: "Dealer fees" }).getByRole("listitem")).toHaveCount(1);
});

test("a failed load shows the spec's banner and Try Again loads the list", async ({ page, request }) => {
  const account = await registerDealerViaApi(request);
  await request.post("/api/dealer-defaults/taxes", {
    headers: authHeaders(account),
    data: { description: "State sales tax", rate: 6.25 },
  });
  // The network drops the first load: no server words, so the page's own fallback shows.
  await page.route("**/api/dealer-defaults/taxes", (route) => route.abort(), { times: 1 });
  await openPage(page, account, "taxes");
  await expect(
    page.getByRole("alert").filter({ hasText: crudMessage("taxRate", "loadFailed") }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("list", { name: "Taxes" })).toContainText("State sales tax");
  await expect(page.getByRole("list", { name: "Taxes" })).toContainText("6.25%");
});

test("the server's message shows when an item was deleted elsewhere", async ({ page, request }) => {
  const account = await registerDealerViaApi(request);
  const created = await request.post("/api/dealer-defaults/addons", {
    headers: authHeaders(account),
    data: { name: "Floor mats", description: "", price: 199 },
  });
  const { addon } = (await created.json()) as { addon: { id: string } };
  await openPage(page, account, "add-ons");
  await page.getByRole("button", { name: "Edit Floor mats" }).click();
  await request.delete(`/api/dealer-defaults/addons/${addon.id}`, { headers: authHeaders(account) });
  await page.getByRole("form", { name: "Edit Floor mats" }).getByLabel("Price", { exact: false }).fill("249");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: crudMessage("addOn", "notFound") })).toBeVisible();
  // The edit stays open with what was typed (formatted when the field was left).
  await expect(
    page.getByRole("form", { name: "Edit Floor mats" }).getByLabel("Price", { exact: false }),
  ).toHaveValue("249.00");
});

test("a tax rate above 100 is refused with the spec's messages", async ({ page, request }) => {
  const account = await registerDealerViaApi(request);
  await openPage(page, account, "taxes");
  await page.getByRole("button", { name: "Add new" }).click();
  const card = page.getByRole("form", { name: "New tax rate" });
  await card.getByLabel("Description").fill("State");
  // Letters never get into the rate (#14).
  await card.getByLabel("Rate (%)", { exact: false }).pressSequentially("6a.2b5");
  await expect(card.getByLabel("Rate (%)", { exact: false })).toHaveValue("6.25");
  await card.getByLabel("Rate (%)", { exact: false }).fill("150");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText(MSG.rateBetween0And100)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: MSG.taxRateBetween0And100 })).toBeVisible();
  const answer = await request.get("/api/dealer-defaults/taxes", { headers: authHeaders(account) });
  expect(await answer.json()).toEqual({ taxes: [] });
});

test("the add-ons page works at 390px, in dark mode, by keyboard", async ({ page, request }) => {
  const account = await registerDealerViaApi(request);
  await request.post("/api/dealer-defaults/addons", {
    headers: authHeaders(account),
    data: {
      name: "Extended warranty with a rather long name for a phone",
      description: "Seven years, unlimited miles",
      price: 999999.99,
    },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await openPage(page, account, "add-ons");
  const rows = page.getByRole("list", { name: "Add-ons" }).getByRole("listitem");
  await expect(rows.first()).toContainText("$999,999.99");
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: open the card, type, save with Enter.
  await page.getByRole("button", { name: "Add new" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("form", { name: "New add-on" }).getByLabel("Name", { exact: false }),
  ).toBeFocused();
  await page.keyboard.type("Nitrogen tires");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("49.9x");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: crudMessage("addOn", "created") })).toBeVisible();
  await expect(rows.nth(1)).toContainText("$49.90");

  await page.getByRole("button", { name: "Edit Nitrogen tires" }).click();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Cancel editing" }).click();

  await page.getByRole("button", { name: "Delete Nitrogen tires" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete add-on" });
  await expect(dialog).toHaveCSS("opacity", "1");
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(2);
});

test.describe("interest rates", () => {
  test("a dealer changes two terms, saves only those, and sees them after a reload", async ({
    page,
    request,
  }) => {
    const account = await registerDealerViaApi(request);
    await openPage(page, account, "interest-rates");
    await expect(page.getByRole("heading", { name: "Interest rates" })).toBeVisible();
    const tier = page.getByLabel("Credit tier");
    await expect(tier).toHaveValue("good");
    await expect(tier.locator("option")).toHaveText([
      "Excellent (800-850)",
      "Very good (740-799)",
      "Good (670-739)",
      "Fair (580-669)",
      "Poor (300-579)",
    ]);
    // A new dealer starts from the spec's table.
    await expect(page.getByLabel("24 months rate")).toHaveValue("6");
    await expect(page.getByLabel("84 months rate")).toHaveValue("11");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: MSG.noChangesToSave })).toBeVisible();

    await page.getByLabel("36 months rate").fill("6.25");
    await page.getByLabel("72 months rate").fill("9.9");
    const put = page.waitForRequest((r) => r.method() === "PUT" && r.url().includes("/interest-rates/good"));
    await page.getByRole("button", { name: "Save" }).click();
    expect((await put).postDataJSON()).toEqual({
      rates: [
        { term_months: 36, interest_rate: 6.25 },
        { term_months: 72, interest_rate: 9.9 },
      ],
    });
    await expect(page.getByRole("status").filter({ hasText: MSG.interestRatesUpdated })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("36 months rate")).toHaveValue("6.25");
    await expect(page.getByLabel("72 months rate")).toHaveValue("9.9");
    await expect(page.getByLabel("60 months rate")).toHaveValue("8.5");

    // Other tiers are their own tables.
    await page.getByLabel("Credit tier").selectOption("excellent");
    await expect(page.getByLabel("36 months rate")).toHaveValue("5.5");
    await page.getByLabel("Credit tier").selectOption("good");
    await expect(page.getByLabel("36 months rate")).toHaveValue("6.25");
  });

  test("unsaved rates are never dropped without asking: switching the tier or leaving the page asks first", async ({
    page,
    request,
  }) => {
    const account = await registerDealerViaApi(request);
    await openPage(page, account, "interest-rates");
    const tier = page.getByLabel("Credit tier");
    await page.getByLabel("36 months rate").fill("4.75");

    // "Stay": the tier and the typed rate stay.
    const questions: string[] = [];
    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await tier.selectOption("excellent");
    await expect.poll(() => questions).toEqual([UNSAVED_CHANGES_CONFIRM]);
    await expect(tier).toHaveValue("good");
    await expect(page.getByLabel("36 months rate")).toHaveValue("4.75");

    // A link inside the app asks too; staying keeps the page.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.getByRole("link", { name: "Taxes" }).click();
    await expect(page).toHaveURL(/interest-rates$/);
    await expect(page.getByLabel("36 months rate")).toHaveValue("4.75");

    // "Leave": the other tier loads; the typed rate was not saved.
    page.once("dialog", (dialog) => void dialog.accept());
    await tier.selectOption("excellent");
    await expect(page.getByLabel("36 months rate")).toHaveValue("5.5");
    await tier.selectOption("good");
    await expect(page.getByLabel("36 months rate")).toHaveValue("6.5");
  });

  test("rates outside 0..100 are refused and nothing is saved", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await openPage(page, account, "interest-rates");
    const rate = page.getByLabel("60 months rate");
    await expect(rate).toHaveValue("8.5");
    await rate.fill("101");
    await page.getByLabel("24 months rate").fill("5");
    await page.getByLabel("24 months rate").press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: MSG.interestRatesInvalid })).toBeVisible();
    await expect(rate).toHaveAttribute("aria-invalid", "true");
    await rate.fill("abc");
    await expect(rate).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.interestRatesInvalid })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("60 months rate")).toHaveValue("8.5");
    await expect(page.getByLabel("24 months rate")).toHaveValue("6");
  });

  test("the rate table fits a 390px phone", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, account, "interest-rates");
    await expect(page.getByLabel("84 months rate")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});
