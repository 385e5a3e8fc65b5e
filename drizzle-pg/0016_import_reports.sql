CREATE TABLE "import_reports" (
	"dealer_id" text PRIMARY KEY NOT NULL,
	"imported_at" bigint NOT NULL,
	"report" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_reports" ADD CONSTRAINT "import_reports_dealer_id_dealerships_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;