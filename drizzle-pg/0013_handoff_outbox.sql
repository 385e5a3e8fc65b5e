CREATE TABLE "handoff_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handoff_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"endpoint_id" text NOT NULL,
	"at" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response" text NOT NULL,
	"ok" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handoff_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handoff_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"endpoint_id" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handoff_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"dealership_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"events" text NOT NULL,
	"include_gross" boolean DEFAULT false NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failing_since" bigint,
	"disabled_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handoff_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handoff_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"dealership_id" text NOT NULL,
	"type" text NOT NULL,
	"quote_id" text,
	"created_at" bigint NOT NULL,
	"payload" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handoff_attempts" ADD CONSTRAINT "handoff_attempts_delivery_id_handoff_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."handoff_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_attempts" ADD CONSTRAINT "handoff_attempts_endpoint_id_handoff_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."handoff_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_deliveries" ADD CONSTRAINT "handoff_deliveries_event_id_handoff_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."handoff_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_deliveries" ADD CONSTRAINT "handoff_deliveries_endpoint_id_handoff_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."handoff_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_endpoints" ADD CONSTRAINT "handoff_endpoints_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_events" ADD CONSTRAINT "handoff_events_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handoff_attempts_endpoint" ON "handoff_attempts" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "handoff_deliveries_queue" ON "handoff_deliveries" USING btree ("endpoint_id","status","id");--> statement-breakpoint
CREATE INDEX "handoff_deliveries_due" ON "handoff_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "handoff_endpoints_dealership" ON "handoff_endpoints" USING btree ("dealership_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "handoff_events_public_id" ON "handoff_events" USING btree ("public_id");