CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"stock_number" text NOT NULL,
	"vin" text DEFAULT '' NOT NULL,
	"vin_not_checked" boolean DEFAULT false NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"mileage" integer DEFAULT 0 NOT NULL,
	"condition" text NOT NULL,
	"msrp_cents" integer,
	"price_cents" integer NOT NULL,
	"cost_cents" integer,
	"status" text DEFAULT 'available' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "inventory_id" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_dealer_stock_number" ON "vehicles" USING btree ("dealer_id","stock_number");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_dealer_vin" ON "vehicles" USING btree ("dealer_id","vin") WHERE "vehicles"."vin" <> '';--> statement-breakpoint
CREATE INDEX "vehicles_dealer_status" ON "vehicles" USING btree ("dealer_id","status");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_inventory_id_vehicles_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_inventory" ON "quotes" USING btree ("inventory_id");