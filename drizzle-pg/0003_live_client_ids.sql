CREATE TABLE "live_client_ids" (
	"doc_name" text NOT NULL,
	"client_id" bigint NOT NULL,
	"quote_id" text NOT NULL,
	"principal" text NOT NULL,
	CONSTRAINT "live_client_ids_doc_name_client_id_pk" PRIMARY KEY("doc_name","client_id")
);
--> statement-breakpoint
ALTER TABLE "live_client_ids" ADD CONSTRAINT "live_client_ids_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;