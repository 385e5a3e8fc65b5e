CREATE TABLE `default_addons` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `default_addons_dealer` ON `default_addons` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `default_dealer_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `default_dealer_fees_dealer` ON `default_dealer_fees` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `default_government_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `default_government_fees_dealer` ON `default_government_fees` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `default_taxes` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`description` text NOT NULL,
	`rate` real NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `default_taxes_dealer` ON `default_taxes` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `interest_rate_defaults` (
	`dealer_id` text NOT NULL,
	`tier` text NOT NULL,
	`term_months` integer NOT NULL,
	`rate` real NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`dealer_id`, `tier`, `term_months`),
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reset_token_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `reset_token_user` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `quote_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote_id` text NOT NULL,
	`at` integer NOT NULL,
	`role` text NOT NULL,
	`field` text NOT NULL,
	`old_value` text,
	`new_value` text,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quote_events_quote` ON `quote_events` (`quote_id`,`id`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`vehicle_description` text NOT NULL,
	`customer_name` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quotes_dealer_created` ON `quotes` (`dealer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`dealership_name` text DEFAULT '' NOT NULL,
	`street_address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`zip_code` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`tokens_valid_after` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `yjs_documents` (
	`doc_name` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`state` blob NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `yjs_updates` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`doc_name` text NOT NULL,
	`quote_id` text NOT NULL,
	`update` blob NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `yjs_updates_doc` ON `yjs_updates` (`doc_name`,`seq`);