ALTER TABLE "quote_versions" ADD COLUMN "choice_structure" text;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "choice_months" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "choice_down_cents" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "out_the_door_cents" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "monthly_cents" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "stock_number" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "selected_structure" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "monthly_cents" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "shared_at" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "opened_at" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_at" bigint;--> statement-breakpoint
CREATE INDEX "quote_events_quote_field" ON "quote_events" USING btree ("quote_id","field","at");--> statement-breakpoint
CREATE INDEX "quotes_dealer_salesperson_created" ON "quotes" USING btree ("dealer_id","salesperson_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_dealer_created_steps" ON "quotes" USING btree ("dealer_id","created_at","salesperson_id","shared_at","opened_at","accepted_at","accepted_version");--> statement-breakpoint
UPDATE "quote_versions" SET "choice_structure" = "snapshot"->'choice'->>'structure', "choice_months" = ("snapshot"->'choice'->>'months')::integer, "choice_down_cents" = round(("snapshot"->'choice'->>'down')::numeric * 100)::integer, "out_the_door_cents" = round(("snapshot"->'breakdown'->>'outTheDoorPrice')::numeric)::integer;--> statement-breakpoint
UPDATE "quotes" SET "shared_at" = (SELECT min(e."at") FROM "quote_events" e WHERE e."quote_id" = "quotes"."id" AND e."field" = 'shared'), "opened_at" = (SELECT min(e."at") FROM "quote_events" e WHERE e."quote_id" = "quotes"."id" AND e."field" = 'opened'), "accepted_at" = (SELECT min(v."created_at") FROM "quote_versions" v WHERE v."quote_id" = "quotes"."id" AND v."kind" = 'accepted');
