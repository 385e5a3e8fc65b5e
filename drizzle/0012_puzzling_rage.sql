CREATE TABLE `dealer_economics` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `default_addons` ADD `cost_cents` integer;