CREATE TABLE "dealerships" (
	"id" text PRIMARY KEY NOT NULL,
	"dealership_name" text DEFAULT '' NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "dealerships"("id", "dealership_name", "street_address", "city", "state", "zip_code", "phone_number", "created_at", "updated_at") SELECT "id", "dealership_name", "street_address", "city", "state", "zip_code", "phone_number", "created_at", "updated_at" FROM "users";--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"dealership_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dealership_id" text NOT NULL,
	"at" bigint NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "default_addons" DROP CONSTRAINT "default_addons_dealer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "default_dealer_fees" DROP CONSTRAINT "default_dealer_fees_dealer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "default_government_fees" DROP CONSTRAINT "default_government_fees_dealer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "default_taxes" DROP CONSTRAINT "default_taxes_dealer_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "dealer_tax_profiles" DROP CONSTRAINT "dealer_tax_profiles_dealer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "interest_rate_defaults" DROP CONSTRAINT "interest_rate_defaults_dealer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_dealer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "quote_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "salesperson_id" text;--> statement-breakpoint
UPDATE "quotes" SET "salesperson_id" = "dealer_id";--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "salesperson_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dealership_id" text;--> statement-breakpoint
UPDATE "users" SET "dealership_id" = "id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "dealership_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_token_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_dealership" ON "invitations" USING btree ("dealership_id");--> statement-breakpoint
CREATE INDEX "team_events_dealership" ON "team_events" USING btree ("dealership_id","id");--> statement-breakpoint
ALTER TABLE "default_addons" ADD CONSTRAINT "default_addons_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_dealer_fees" ADD CONSTRAINT "default_dealer_fees_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_government_fees" ADD CONSTRAINT "default_government_fees_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_taxes" ADD CONSTRAINT "default_taxes_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_tax_profiles" ADD CONSTRAINT "dealer_tax_profiles_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_rate_defaults" ADD CONSTRAINT "interest_rate_defaults_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_salesperson_id_users_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "dealership_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "street_address";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "zip_code";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "phone_number";