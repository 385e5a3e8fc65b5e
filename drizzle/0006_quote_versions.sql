CREATE TABLE `quote_versions` (
	`quote_id` text NOT NULL,
	`number` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`actor` text NOT NULL,
	`fingerprint` text NOT NULL,
	`snapshot` text NOT NULL,
	PRIMARY KEY(`quote_id`, `number`),
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `quotes` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `accepted_version` integer;