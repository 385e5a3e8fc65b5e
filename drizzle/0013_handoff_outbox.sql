CREATE TABLE `handoff_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`endpoint_id` text NOT NULL,
	`at` integer NOT NULL,
	`attempt` integer NOT NULL,
	`status_code` integer,
	`duration_ms` integer NOT NULL,
	`response` text NOT NULL,
	`ok` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `handoff_deliveries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`endpoint_id`) REFERENCES `handoff_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `handoff_attempts_endpoint` ON `handoff_attempts` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE TABLE `handoff_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`endpoint_id` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `handoff_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`endpoint_id`) REFERENCES `handoff_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `handoff_deliveries_queue` ON `handoff_deliveries` (`endpoint_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `handoff_deliveries_due` ON `handoff_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `handoff_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`dealership_id` text NOT NULL,
	`kind` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`include_gross` integer DEFAULT false NOT NULL,
	`secret` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`failing_since` integer,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealership_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `handoff_endpoints_dealership` ON `handoff_endpoints` (`dealership_id`,`kind`);--> statement-breakpoint
CREATE TABLE `handoff_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`dealership_id` text NOT NULL,
	`type` text NOT NULL,
	`quote_id` text,
	`created_at` integer NOT NULL,
	`payload` text NOT NULL,
	FOREIGN KEY (`dealership_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `handoff_events_public_id` ON `handoff_events` (`public_id`);