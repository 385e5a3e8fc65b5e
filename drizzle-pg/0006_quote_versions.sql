CREATE TABLE "quote_versions" (
	"quote_id" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" bigint NOT NULL,
	"actor" text NOT NULL,
	"fingerprint" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "quote_versions_quote_id_number_pk" PRIMARY KEY("quote_id","number")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "locked_at" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_version" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;