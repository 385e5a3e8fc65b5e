CREATE TABLE "dealer_tax_profiles" (
	"dealer_id" text PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "default_taxes" ADD COLUMN "base_cap_cents" integer;--> statement-breakpoint
ALTER TABLE "dealer_tax_profiles" ADD CONSTRAINT "dealer_tax_profiles_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;