import { MSG } from "../shared/text/messages";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { registerDealerViaApi, signInAs } from "./support/api";
import { invitationLink, outboxInvitationNotice } from "./support/outbox";

// Issue #35: the owner sees the pending invitations on the Team page, resends one (a new link; the
// earlier one stops working) and revokes another (its link stops working).

test("the owner lists pending invitations, resends one and revokes another; only the newest link joins", async ({
  page,
  request,
}) => {
  const owner = await registerDealerViaApi(request, { firstName: "Olivia", lastName: "Owner" });
  await signInAs(page, owner);
  await page.goto("/settings/team");
  await expect(page.getByText(MSG.noPendingInvitations)).toBeVisible();
  const stamp = `${Date.now()}-${process.pid}`;
  const sam = `sam-${stamp}@example.com`;
  const mia = `mia-${stamp}@example.com`;
  for (const [email, role] of [
    [sam, "Salesperson"],
    [mia, "Manager"],
  ] as const) {
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    if (role === "Manager") {
      await page.getByLabel(MSG.role, { exact: true }).first().click();
      await page.getByRole("option", { name: "Manager", exact: true }).click();
    }
    await page.getByRole("button", { name: MSG.sendInvitation }).click();
    await expect(page.getByText(outboxInvitationNotice(email))).toBeVisible();
  }
  const rows = page.getByTestId("pending-invitation");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: sam })).toContainText("Salesperson");
  await expect(rows.filter({ hasText: sam })).toContainText("Olivia Owner");
  await expect(rows.filter({ hasText: mia })).toContainText("Manager");
  await expectNoSeriousA11yViolations(page);

  const accept = (link: string) =>
    request.post("/api/auth/accept-invitation", {
      data: {
        token: new URL(link).searchParams.get("token"),
        firstName: "Sam",
        lastName: "Seller",
        password: "a good long password",
      },
    });

  const first = await invitationLink(sam);
  await page.getByRole("button", { name: `${MSG.resendInvitation} ${sam}` }).click();
  await expect(page.getByText(outboxInvitationNotice(sam))).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect.poll(() => invitationLink(sam)).not.toBe(first);
  const second = await invitationLink(sam);

  const miaLink = await invitationLink(mia);
  await page.getByRole("button", { name: `${MSG.revokeInvitation} ${mia}` }).click();
  await expect(page.getByText(MSG.invitationRevoked, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("team-audit-entry").first()).toContainText(`${mia} as manager`);

  for (const dead of [first, miaLink]) {
    const refused = await accept(dead);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe(MSG.invitationInvalid);
  }
  expect((await accept(second)).status()).toBe(201);
  await page.reload();
  await expect(page.getByText(MSG.noPendingInvitations)).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(2);
});
