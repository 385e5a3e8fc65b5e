CREATE TABLE `payment_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` text NOT NULL,
	`dealership_id` text NOT NULL,
	`requester` text NOT NULL,
	`at` integer NOT NULL,
	`request` text NOT NULL,
	`lead_event_id` text,
	`released_at` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_requests_quote` ON `payment_requests` (`quote_id`,`at`);--> statement-breakpoint
CREATE INDEX `payment_requests_requester` ON `payment_requests` (`requester`,`at`);--> statement-breakpoint
CREATE INDEX `payment_requests_held` ON `payment_requests` (`lead_event_id`,`quote_id`);