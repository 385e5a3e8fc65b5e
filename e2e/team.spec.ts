import type { Browser, BrowserContext, Page } from "@playwright/test";
import { DASHBOARD_TEXT } from "../shared/text/dashboard-text";
import { MSG } from "../shared/text/messages";
import { QUOTE_TEXT, VEHICLE_FORM_LABELS } from "../shared/text/page-text";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { editAmount, expectConnected, lineValue, showHistory } from "./quote-setup";
import { createQuoteViaApi, registerDealerViaApi, signInAs } from "./support/api";
import { invitationLink, outboxInvitationNotice } from "./support/outbox";

// Issue #20, end to end: the owner invites a salesperson and a manager by email, who accept; the
// salesperson creates a quote through the form and works it with a shopper watching; the manager
// finds it in the desk log and edits it live; the salesperson sees the change and the history names
// the manager; the manager reassigns a deal; a removed member is cut off at once.

let counter = 0;

/** The owner's invitation for `role`, sent from the Team page; the invitee's browser accepts it. */
async function inviteAndAccept(
  owner: Page,
  browser: Browser,
  role: "salesperson" | "manager",
  name: { first: string; last: string },
): Promise<{ page: Page; context: BrowserContext; email: string; link: string }> {
  const email = `${name.first.toLowerCase()}-${Date.now()}-${process.pid}-${++counter}@example.com`;
  await owner.getByRole("textbox", { name: "Email" }).fill(email);
  if (role === "manager") {
    await owner.getByLabel(MSG.role, { exact: true }).first().click(); // the input (its listbox shares the label)
    await owner.getByRole("option", { name: "Manager", exact: true }).click();
  }
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(outboxInvitationNotice(email))).toBeVisible();
  await expect(owner.getByTestId("team-audit-entry").first()).toContainText(`${email} as ${role}`);

  const link = await invitationLink(email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: MSG.acceptInvitation })).toBeVisible();
  await page.getByRole("textbox", { name: /^First name/ }).fill(name.first);
  await page.getByRole("textbox", { name: /^Last name/ }).fill(name.last);
  await page.getByLabel("Password", { exact: false }).first().fill("a good long password");
  await page.getByLabel("Confirm password").fill("a good long password");
  await page.getByRole("button", { name: MSG.joinDealership }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { page, context, email, link };
}

test("a team's day: invitations, a salesperson's deal, the manager stepping in live, reassigning, removal", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000); // four browsers and a whole team's day
  const owner = await registerDealerViaApi(request, { firstName: "Olivia", lastName: "Owner" });
  await signInAs(page, owner);
  await page.goto("/settings/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The owner invites a salesperson and a manager; each accepts from the emailed link.
  const sam = await inviteAndAccept(page, browser, "salesperson", { first: "Sam", last: "Seller" });
  await expectNoSeriousA11yViolations(sam.page);
  const mia = await inviteAndAccept(page, browser, "manager", { first: "Mia", last: "Manager" });
  await page.reload();
  await expect(page.getByTestId("team-member")).toHaveCount(3);
  // A link works once.
  const again = await request.post("/api/auth/accept-invitation", {
    data: {
      token: new URL(sam.link).searchParams.get("token"),
      firstName: "X",
      lastName: "Y",
      password: "another long password",
    },
  });
  expect(again.status()).toBe(400);
  expect((await again.json()).message).toBe(MSG.invitationInvalid);

  // The salesperson reads the dealership's defaults but cannot change them.
  await sam.page.goto("/settings/quote-defaults/add-ons");
  await expect(sam.page.getByTestId("defaults-read-only")).toHaveText(MSG.defaultsReadOnly);
  await expect(sam.page.getByRole("button", { name: /Add new/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(sam.page);

  // The salesperson creates a quote through the form and works it with the shopper watching.
  await sam.page.goto("/quote/new");
  await sam.page.getByLabel(VEHICLE_FORM_LABELS.description).fill("2023 Subaru Outback Limited");
  await sam.page.getByLabel(VEHICLE_FORM_LABELS.mileage).fill("8");
  await sam.page.getByLabel(VEHICLE_FORM_LABELS.advertisedPrice).fill("32000");
  await sam.page.getByRole("button", { name: DASHBOARD_TEXT.createQuote }).click();
  await expect(sam.page).toHaveURL(/\/quote\/[\w-]+\?view=dealer/);
  const quoteId = new URL(sam.page.url()).pathname.split("/").pop() as string;
  await expect(
    sam.page.getByRole("heading", { level: 1, name: "2023 Subaru Outback Limited" }),
  ).toBeVisible();
  await expectConnected(sam.page);
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/quote/${quoteId}`);
  await expectConnected(shopper);

  // The manager's desk log shows every deal with its salesperson and out-the-door price.
  await createQuoteViaApi(request, owner, { vehicle: { description: "2022 Ford F-150 XLT", mileage: 20 } });
  await mia.page.goto("/dashboard");
  const samRow = mia.page.getByRole("row").filter({ hasText: "2023 Subaru Outback Limited" });
  await expect(samRow.getByTestId("quote-salesperson")).toHaveText("Sam Seller");
  // The same out-the-door figure the quote page leads with.
  const pageFigure = (await sam.page.getByTestId("summary-out-the-door").textContent()) ?? "";
  expect(pageFigure).toMatch(/^\$\d{2},\d{3}\.\d\d$/);
  await expect(samRow.getByTestId("quote-out-the-door")).toHaveText(pageFigure);
  const ownerRow = mia.page.getByRole("row").filter({ hasText: "2022 Ford F-150 XLT" });
  await expect(ownerRow.getByTestId("quote-salesperson")).toHaveText("Olivia Owner");
  await expect(samRow.getByText(MSG.customerLookingNow)).toBeVisible();
  await expectNoSeriousA11yViolations(mia.page);
  await mia.page.getByTestId("salesperson-filter").click();
  await mia.page.getByRole("option", { name: "Sam Seller" }).click();
  await expect(ownerRow).toHaveCount(0);
  await expect(samRow).toBeVisible();

  // The manager steps into the live deal from the desk log.
  await samRow.click();
  await expect(mia.page).toHaveURL(new RegExp(`/quote/${quoteId}\\?view=dealer`));
  await expectConnected(mia.page);
  await expect(sam.page.getByTestId("teammates")).toHaveText("Also on this deal: Mia (manager)");
  await editAmount(mia.page, "discount", "750");
  await expect(lineValue(sam.page, "discount")).toHaveText("-$750.00", { timeout: 2_000 });
  await expect(lineValue(shopper, "discount")).toHaveText("-$750.00", { timeout: 2_000 });
  // The salesperson's history names the manager; on the manager's page the change is their own.
  await expect((await showHistory(sam.page)).getByTestId("history-event").first()).toContainText(
    "Mia (manager) set Discount to -$750.00",
    { timeout: 4_000 },
  );
  await expect((await showHistory(mia.page)).getByTestId("history-event").first()).toContainText(
    "You set Discount to -$750.00",
  );
  await shopperContext.close();

  // The manager hands the owner's F-150 to Sam; Sam's dashboard lists it, its history says so.
  await mia.page.goto("/dashboard");
  await mia.page.getByRole("button", { name: "Reassign 2022 Ford F-150 XLT" }).click();
  const dialog = mia.page.getByRole("dialog", { name: MSG.reassignQuote });
  await expect(dialog.getByRole("combobox", { name: MSG.reassignTo })).toBeEnabled();
  await expectNoSeriousA11yViolations(mia.page);
  await dialog
    .getByRole("combobox", { name: MSG.reassignTo })
    .selectOption({ label: "Sam Seller (salesperson)" });
  await dialog.getByRole("button", { name: MSG.reassign }).click();
  await expect(mia.page.getByText(MSG.quoteReassigned)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(ownerRow.getByTestId("quote-salesperson")).toHaveText("Sam Seller");
  await sam.page.goto("/dashboard");
  await expect(sam.page.getByText("2022 Ford F-150 XLT")).toBeVisible();
  await sam.page.getByText("2022 Ford F-150 XLT").click();
  await expect((await showHistory(sam.page)).getByTestId("history-event").first()).toContainText(
    "Mia (manager) reassigned the deal from Olivia Owner to Sam Seller",
  );

  // Handed back to the owner while Sam has it open (issue #33): Sam's page says to whom at once,
  // then leaves for the dashboard; nothing Sam could still type reaches the deal.
  await expectConnected(sam.page);
  const f150 = new URL(sam.page.url()).pathname.split("/").pop() as string;
  const handedBack = await request.put(`/api/quotes/${f150}/salesperson`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { userId: owner.user.id },
  });
  expect(handedBack.status()).toBe(200);
  await expect(sam.page.getByTestId("deal-reassigned")).toHaveText(
    QUOTE_TEXT.dealReassigned("Olivia Owner"),
    {
      timeout: 1_500,
    },
  );
  await expectNoSeriousA11yViolations(sam.page);
  await expect(sam.page).toHaveURL(/\/dashboard$/, { timeout: 8_000 });
  await expect(sam.page.getByText("2022 Ford F-150 XLT")).toHaveCount(0);
  await sam.page.goto(`/quote/${quoteId}?view=dealer`);
  await expectConnected(sam.page);

  // The owner removes Sam, whose page is cut off within a second.
  const samToken = (await sam.page.evaluate(() => window.localStorage.getItem("token"))) as string;
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Remove Sam Seller" }).click();
  const removed = page.waitForResponse(
    (res) => res.url().includes("/api/team/members/") && res.request().method() === "DELETE",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  expect((await removed).status()).toBe(204);
  const removedAt = Date.now();
  await expect(sam.page).toHaveURL(/\/login/, { timeout: 3_000 });
  expect(Date.now() - removedAt).toBeLessThan(1_000);
  await expect(page.getByText(MSG.memberRemoved)).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(2);
  // And the API no longer knows the token.
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${samToken}` } });
  expect(me.status()).toBe(401);
  await sam.context.close();
  await mia.context.close();
});
