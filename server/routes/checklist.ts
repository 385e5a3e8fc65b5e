import { type Checklist, type ChecklistMark, checklistMarkSchema } from "@shared/schemas/checklist";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv, UserRow } from "../app-env";
import type { DealershipRow, DealershipStore } from "../db/repositories/dealerships";
import { requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { authorize, can } from "../policies/policy";

// The owner's first-run checklist (issue #14, shared/schemas/checklist.ts):
//   GET  /api/dealership/checklist           -> Checklist
//   POST /api/dealership/checklist { mark }  -> Checklist
// Any member's share counts for the dealership; checking taxes and fees, and dismissing, are the
// owner's and managers' (the defaults are theirs to change).

/** The dealerships column each mark sets. */
const MARK_FIELD = {
  taxesAndFees: "checklistTaxesAt",
  shared: "checklistSharedAt",
  dismissed: "checklistDismissedAt",
} as const satisfies Record<ChecklistMark, keyof DealershipRow>;

type Member = Pick<UserRow, "dealershipId" | "role">;

export async function readChecklist(dealerships: DealershipStore, member: Member): Promise<Checklist> {
  const { row, hasQuote } = await dealerships.checklist(member.dealershipId);
  const profile = row
    ? [row.dealershipName, row.streetAddress, row.city, row.state, row.zipCode, row.phoneNumber].every(
        (part) => part.trim() !== "",
      )
    : false;
  const steps = {
    profile,
    taxesAndFees: row?.checklistTaxesAt != null,
    firstQuote: hasQuote,
    shared: row?.checklistSharedAt != null,
  };
  const show =
    can(member, "seeChecklist") && row?.checklistDismissedAt == null && !Object.values(steps).every(Boolean);
  return { show, steps };
}

export function checklistRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));
  routes.get("/", async (c) => c.json(await readChecklist(stores.dealerships, c.var.user)));
  routes.post("/", async (c) => {
    const member = c.var.user;
    const { mark } = await parseJson(c, checklistMarkSchema);
    // Sharing counts for any member; checking taxes and fees and dismissing are the defaults' writers'.
    if (mark !== "shared") authorize(member, "editChecklist");
    // The first time counts; marking again changes nothing.
    await stores.dealerships.markChecklist(member.dealershipId, MARK_FIELD[mark], Date.now());
    return c.json(await readChecklist(stores.dealerships, member));
  });
  return routes;
}
