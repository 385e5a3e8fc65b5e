CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_addons" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint,
	"ord" bigint GENERATED ALWAYS AS IDENTITY (sequence name "default_addons_ord_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_dealer_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint,
	"ord" bigint GENERATED ALWAYS AS IDENTITY (sequence name "default_dealer_fees_ord_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_government_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint,
	"ord" bigint GENERATED ALWAYS AS IDENTITY (sequence name "default_government_fees_ord_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_taxes" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"deleted_at" bigint,
	"ord" bigint GENERATED ALWAYS AS IDENTITY (sequence name "default_taxes_ord_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"description" text NOT NULL,
	"rate" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interest_rate_defaults" (
	"dealer_id" text NOT NULL,
	"tier" text NOT NULL,
	"term_months" integer NOT NULL,
	"rate" double precision NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "interest_rate_defaults_dealer_id_tier_term_months_pk" PRIMARY KEY("dealer_id","tier","term_months")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" text NOT NULL,
	"at" bigint NOT NULL,
	"role" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "quote_visits" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"visit_started_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"looking_until" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"vehicle_description" text NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dealership_name" text DEFAULT '' NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"tokens_valid_after" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_documents" (
	"doc_name" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"state" "bytea" NOT NULL,
	"head_seq" bigint DEFAULT 0 NOT NULL,
	"snapshot_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yjs_updates" (
	"doc_name" text NOT NULL,
	"seq" bigint NOT NULL,
	"quote_id" text NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "yjs_updates_doc_name_seq_pk" PRIMARY KEY("doc_name","seq")
);
--> statement-breakpoint
ALTER TABLE "default_addons" ADD CONSTRAINT "default_addons_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_dealer_fees" ADD CONSTRAINT "default_dealer_fees_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_government_fees" ADD CONSTRAINT "default_government_fees_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_taxes" ADD CONSTRAINT "default_taxes_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_rate_defaults" ADD CONSTRAINT "interest_rate_defaults_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_visits" ADD CONSTRAINT "quote_visits_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_documents" ADD CONSTRAINT "yjs_documents_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_updates" ADD CONSTRAINT "yjs_updates_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yjs_updates" ADD CONSTRAINT "yjs_updates_doc_name_yjs_documents_doc_name_fk" FOREIGN KEY ("doc_name") REFERENCES "public"."yjs_documents"("doc_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_key_at" ON "auth_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "default_addons_dealer" ON "default_addons" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "default_dealer_fees_dealer" ON "default_dealer_fees" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "default_government_fees_dealer" ON "default_government_fees" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "default_taxes_dealer" ON "default_taxes" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reset_token_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reset_token_user" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quote_events_quote" ON "quote_events" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quotes_dealer_created" ON "quotes" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");