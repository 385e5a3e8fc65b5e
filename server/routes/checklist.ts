import { type Checklist, type ChecklistMark, checklistMarkSchema } from "@shared/checklist";
import { MSG } from "@shared/messages";
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv, UserRow } from "../app-env";
import { requireUser } from "../auth/middleware";
import type { Db } from "../db/connection";
import { dealerships, quotes } from "../db/schema";
import { forbidden } from "../http/errors";
import { parseJson } from "../http/validate";

// The owner's first-run checklist (issue #14, shared/checklist.ts):
//   GET  /api/dealership/checklist           -> Checklist
//   POST /api/dealership/checklist { mark }  -> Checklist
// Any member's share counts for the dealership; checking taxes and fees, and dismissing, are the
// owner's and managers' (the defaults are theirs to change).

/** The dealerships column each mark sets. */
const MARK_FIELD = {
  taxesAndFees: "checklistTaxesAt",
  shared: "checklistSharedAt",
  dismissed: "checklistDismissedAt",
} as const satisfies Record<ChecklistMark, keyof typeof dealerships.$inferInsert>;

type Member = Pick<UserRow, "dealershipId" | "role">;

export function readChecklist(db: Db, member: Member): Checklist {
  const row = db.select().from(dealerships).where(eq(dealerships.id, member.dealershipId)).get();
  const quote = db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.dealerId, member.dealershipId))
    .limit(1)
    .get();
  const profile = row
    ? [row.dealershipName, row.streetAddress, row.city, row.state, row.zipCode, row.phoneNumber].every(
        (part) => part.trim() !== "",
      )
    : false;
  const steps = {
    profile,
    taxesAndFees: row?.checklistTaxesAt != null,
    firstQuote: quote !== undefined,
    shared: row?.checklistSharedAt != null,
  };
  const show =
    member.role === "owner" && row?.checklistDismissedAt == null && !Object.values(steps).every(Boolean);
  return { show, steps };
}

export function checklistRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));
  routes.get("/", (c) => c.json(readChecklist(db, c.var.user)));
  routes.post("/", async (c) => {
    const member = c.var.user;
    const { mark } = await parseJson(c, checklistMarkSchema);
    if (mark !== "shared" && member.role === "salesperson") throw forbidden(MSG.forbidden);
    // The first time counts; marking again changes nothing.
    db.update(dealerships)
      .set({ [MARK_FIELD[mark]]: Date.now() })
      .where(and(eq(dealerships.id, member.dealershipId), isNull(dealerships[MARK_FIELD[mark]])))
      .run();
    return c.json(readChecklist(db, member));
  });
  return routes;
}
