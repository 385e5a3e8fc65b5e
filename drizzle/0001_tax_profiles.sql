CREATE TABLE `dealer_tax_profiles` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`rules` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `default_taxes` ADD `base_cap_cents` integer;