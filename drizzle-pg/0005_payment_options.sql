CREATE TABLE "dealer_payment_options" (
	"dealer_id" text PRIMARY KEY NOT NULL,
	"structures" jsonb NOT NULL,
	"lease_program" jsonb,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_payment_options" ADD CONSTRAINT "dealer_payment_options_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;