// The owner's first-run checklist on the dashboard (issue #14): four steps after sign-up. The
// profile and the first quote are read from the data; checking taxes and fees, and sharing a
// quote, are marked when they happen. It disappears when every step is done or it is dismissed.

import { z } from "../core/zod";

export const CHECKLIST_STEPS = ["profile", "taxesAndFees", "firstQuote", "shared"] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** GET /api/dealership/checklist */
export type Checklist = {
  /** False for members other than the owner, once dismissed, and once every step is done. */
  show: boolean;
  steps: Record<ChecklistStep, boolean>;
};

/** POST /api/dealership/checklist: what happened. */
export const checklistMarkSchema = z.strictObject(
  {
    mark: z.enum(["taxesAndFees", "shared", "dismissed"], {
      error: "mark must be taxesAndFees, shared or dismissed",
    }),
  },
  { error: "Expected an object" },
);
export type ChecklistMark = z.infer<typeof checklistMarkSchema>["mark"];
