import type { Page } from "@playwright/test";
import { DASHBOARD_TEXT } from "../shared/text/dashboard-text";
import { MSG } from "../shared/text/messages";
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from "./fixtures";
import { authHeaders, registerDealerViaApi, signInAs } from "./support/api";

/** An input by its exact label; a required field's label ends in Mantine's " *". */
const field = (scope: Page | ReturnType<Page["getByRole"]>, label: string) =>
  scope.getByRole("textbox", { name: new RegExp(`^${label}( \\*)?$`) });

test.describe("settings frame", () => {
  test("the settings home shows the intro and the grouped side menu", async ({ page, request }) => {
    await signInAs(page, await registerDealerViaApi(request));
    await page.goto("/settings");
    await expect(page.getByText(DASHBOARD_TEXT.settingsIntro)).toBeVisible();
    await expect(page).toHaveTitle(/Settings/);
    const menu = page.getByRole("navigation", { name: "Settings" });
    for (const [name, href] of [
      ["Account", "/settings/account"],
      ["Dealership information", "/settings/contact-information"],
      ["Add-ons", "/settings/quote-defaults/add-ons"],
      ["Taxes", "/settings/quote-defaults/taxes"],
      ["Dealer fees", "/settings/quote-defaults/dealer-fees"],
      ["Government fees", "/settings/quote-defaults/government-fees"],
      ["Interest rates", "/settings/quote-defaults/interest-rates"],
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href as string);
    }
    await expect(menu.getByText("Profile")).toBeVisible();
    await expect(menu.getByText("Quote defaults")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole("link", { name: "Dealership information" }).click();
    await expect(page).toHaveURL(/\/settings\/contact-information$/);
    await expect(menu.getByRole("link", { name: "Dealership information" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("on a 390px phone the menu is a list of buttons and nothing scrolls sideways", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, await registerDealerViaApi(request));
    await page.goto("/settings/contact-information");
    const menu = page.getByRole("navigation", { name: "Settings" });
    await expect(menu.getByRole("link", { name: "Account", exact: true })).toHaveClass(/mantine-Button-root/);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole("link", { name: "Account", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expectNoHorizontalScroll(page);
  });
});

test.describe("account page", () => {
  test("Save is enabled only when a name changed; saving updates the header", async ({ page, request }) => {
    await signInAs(page, await registerDealerViaApi(request));
    await page.goto("/settings/account");
    await expect(page).toHaveTitle(/Account/);
    await expectNoSeriousA11yViolations(page);
    const save = page.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();
    await field(page, "First name").fill("Dana ");
    await expect(save).toBeDisabled();
    await field(page, "First name").fill("Jordan");
    await expect(save).toBeEnabled();
    await field(page, "First name").fill("Dana");
    await expect(save).toBeDisabled();
    await field(page, "Last name").fill("");
    await field(page, "First name").fill("Jordan");
    await save.click({ force: true });
    await field(page, "Last name").fill("Kim");
    await save.click();
    await expect(page.getByText(MSG.accountUpdated)).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu for Jordan Kim" })).toContainText("JK");
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(field(page, "First name")).toHaveValue("Jordan");
  });

  test("the change-email dialog checks its fields and changes the email", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    const other = await registerDealerViaApi(request);
    await signInAs(page, account);
    await page.goto("/settings/account");
    await page.getByRole("button", { name: "Change email" }).click();
    const dialog = page.getByRole("dialog", { name: "Change email" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const save = dialog.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();

    await field(dialog, "New email").fill("not-an-email");
    await field(dialog, "Current password").focus();
    await expect(dialog.getByText(MSG.emailInvalidAddress)).toBeVisible();
    await field(dialog, "Current password").blur();
    await expect(dialog.getByText(MSG.currentPasswordRequired)).toBeVisible();
    await field(dialog, "New email").fill(account.email.toUpperCase());
    await expect(dialog.getByText(MSG.emailUnchanged)).toBeVisible();
    await expect(save).toBeDisabled();

    // Taken by another dealer, then a wrong password: the server's messages show in the dialog.
    await field(dialog, "New email").fill(other.email);
    await field(dialog, "Current password").fill(account.password);
    await save.click();
    await expect(dialog.getByRole("alert")).toContainText(MSG.emailTaken);
    const fresh = `changed-${Date.now()}@example.com`;
    await field(dialog, "New email").fill(fresh);
    await field(dialog, "Current password").fill("wrong password");
    await save.click();
    await expect(dialog.getByRole("alert")).toContainText(MSG.currentPasswordIncorrect);

    await field(dialog, "Current password").fill(account.password);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(MSG.emailUpdated)).toBeVisible();
    await expect(page.getByText(fresh)).toBeVisible();
  });

  test("the change-password dialog checks its fields and keeps the dealer signed in", async ({
    page,
    request,
  }) => {
    const account = await registerDealerViaApi(request);
    await signInAs(page, account);
    await page.goto("/settings/account");
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const save = dialog.getByRole("button", { name: "Save" });
    await save.click();
    await expect(dialog.getByText(MSG.currentPasswordRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.passwordMinLengthLong)).toBeVisible();

    await field(dialog, "Current password").fill("wrong password");
    await expect(dialog.getByText(MSG.currentPasswordRequired)).toBeHidden();
    await field(dialog, "New password").fill("short");
    await save.click();
    await expect(dialog.getByText(MSG.passwordMinLengthLong)).toBeVisible();
    await field(dialog, "New password").fill("a much better password");
    await field(dialog, "Confirm new password").fill("a much better passwort");
    await save.click();
    await expect(dialog.getByText(MSG.passwordsDoNotMatch)).toBeVisible();
    await field(dialog, "Confirm new password").fill("a much better password");
    await save.click();
    await expect(dialog.getByRole("alert")).toContainText(MSG.currentPasswordIncorrect);

    await field(dialog, "Current password").fill(account.password);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(MSG.passwordUpdated)).toBeVisible();
    // This browser continues on its fresh token; the old one is dead.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    const old = await request.get("/api/auth/me", { headers: authHeaders(account) });
    expect(old.status()).toBe(401);
    const login = await request.post("/api/auth/login", {
      data: { email: account.email, password: "a much better password" },
    });
    expect(login.status()).toBe(200);
  });
});

test.describe("dealership information page", () => {
  test("shows the phone formatted, checks each field and saves digits", async ({ page, request }) => {
    const account = await registerDealerViaApi(request, { phoneNumber: "4055550199", state: "OK" });
    await signInAs(page, account);
    await page.goto("/settings/contact-information");
    await expect(page).toHaveTitle(/Dealership information/);
    await expect(field(page, "Phone")).toHaveValue("(405) 555-0199");
    await expect(field(page, "Dealership name")).toHaveValue("Example Motors");
    await expectNoSeriousA11yViolations(page);
    const save = page.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();

    await field(page, "Dealership name").fill(" ");
    await field(page, "Dealership name").blur();
    await expect(page.getByText(MSG.dealershipNameRequired)).toBeVisible();
    await field(page, "Dealership name").fill("Prairie Auto Group");
    await expect(page.getByText(MSG.dealershipNameRequired)).toBeHidden();

    await field(page, "Phone").fill("405555");
    await expect(field(page, "Phone")).toHaveValue("(405) 555");
    await field(page, "Phone").blur();
    await expect(page.getByText(MSG.phoneInvalid)).toBeVisible();
    await expect(save).toBeDisabled();
    // A number typed with the country code is still the same ten digits (#14).
    await field(page, "Phone").fill("+1 405 555 0111");
    await expect(field(page, "Phone")).toHaveValue("(405) 555-0111");
    await field(page, "Phone").fill("405-555-0123 ext");
    await expect(field(page, "Phone")).toHaveValue("(405) 555-0123");

    await field(page, "State").fill("t");
    await field(page, "State").blur();
    await expect(page.getByText(MSG.stateInvalid)).toBeVisible();
    await field(page, "State").fill("tx9z");
    await expect(field(page, "State")).toHaveValue("TX");
    await field(page, "ZIP code").fill("7510");
    await field(page, "ZIP code").blur();
    await expect(page.getByText(MSG.zipInvalid)).toBeVisible();
    await field(page, "ZIP code").fill("75201-1234");

    await save.click();
    await expect(page.getByText(MSG.dealershipUpdated)).toBeVisible();
    await expect(save).toBeDisabled();
    const me = await request.get("/api/auth/me", { headers: authHeaders(account) });
    expect((await me.json()).user.dealerProfile).toMatchObject({
      dealershipName: "Prairie Auto Group",
      state: "TX",
      zipCode: "75201-1234",
      phoneNumber: "4055550123",
    });
  });
});
