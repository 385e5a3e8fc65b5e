CREATE TABLE "dealer_economics" (
	"dealer_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "default_addons" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "dealer_economics" ADD CONSTRAINT "dealer_economics_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;