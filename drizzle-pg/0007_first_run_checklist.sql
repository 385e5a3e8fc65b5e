ALTER TABLE "dealerships" ADD COLUMN "checklist_taxes_at" bigint;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "checklist_shared_at" bigint;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "checklist_dismissed_at" bigint;--> statement-breakpoint
-- Dealerships that already have quotes are past their first run: no checklist for them.
UPDATE "dealerships" SET "checklist_dismissed_at" = 0 WHERE "id" IN (SELECT "dealer_id" FROM "quotes");
