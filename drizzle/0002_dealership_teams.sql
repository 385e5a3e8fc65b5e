CREATE TABLE `dealerships` (
	`id` text PRIMARY KEY NOT NULL,
	`dealership_name` text DEFAULT '' NOT NULL,
	`street_address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`zip_code` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- Each existing account becomes the owner of its own dealership, whose id is the account's id:
-- the defaults' and quotes' dealer_id values stay valid as they are.
INSERT INTO `dealerships`("id", "dealership_name", "street_address", "city", "state", "zip_code", "phone_number", "created_at", "updated_at") SELECT "id", "dealership_name", "street_address", "city", "state", "zip_code", "phone_number", "created_at", "updated_at" FROM `users`;--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`dealership_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`dealership_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitation_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_dealership` ON `invitations` (`dealership_id`);--> statement-breakpoint
CREATE TABLE `team_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dealership_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`detail` text NOT NULL,
	FOREIGN KEY (`dealership_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_events_dealership` ON `team_events` (`dealership_id`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_default_addons` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_default_addons`("id", "dealer_id", "created_at", "updated_at", "deleted_at", "name", "description", "price_cents") SELECT "id", "dealer_id", "created_at", "updated_at", "deleted_at", "name", "description", "price_cents" FROM `default_addons`;--> statement-breakpoint
DROP TABLE `default_addons`;--> statement-breakpoint
ALTER TABLE `__new_default_addons` RENAME TO `default_addons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `default_addons_dealer` ON `default_addons` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `__new_default_dealer_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_default_dealer_fees`("id", "dealer_id", "created_at", "updated_at", "deleted_at", "name", "description", "amount_cents") SELECT "id", "dealer_id", "created_at", "updated_at", "deleted_at", "name", "description", "amount_cents" FROM `default_dealer_fees`;--> statement-breakpoint
DROP TABLE `default_dealer_fees`;--> statement-breakpoint
ALTER TABLE `__new_default_dealer_fees` RENAME TO `default_dealer_fees`;--> statement-breakpoint
CREATE INDEX `default_dealer_fees_dealer` ON `default_dealer_fees` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `__new_default_government_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_default_government_fees`("id", "dealer_id", "created_at", "updated_at", "deleted_at", "name", "description", "amount_cents") SELECT "id", "dealer_id", "created_at", "updated_at", "deleted_at", "name", "description", "amount_cents" FROM `default_government_fees`;--> statement-breakpoint
DROP TABLE `default_government_fees`;--> statement-breakpoint
ALTER TABLE `__new_default_government_fees` RENAME TO `default_government_fees`;--> statement-breakpoint
CREATE INDEX `default_government_fees_dealer` ON `default_government_fees` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `__new_default_taxes` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`description` text NOT NULL,
	`rate` real NOT NULL,
	`base_cap_cents` integer,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_default_taxes`("id", "dealer_id", "created_at", "updated_at", "deleted_at", "description", "rate", "base_cap_cents") SELECT "id", "dealer_id", "created_at", "updated_at", "deleted_at", "description", "rate", "base_cap_cents" FROM `default_taxes`;--> statement-breakpoint
DROP TABLE `default_taxes`;--> statement-breakpoint
ALTER TABLE `__new_default_taxes` RENAME TO `default_taxes`;--> statement-breakpoint
CREATE INDEX `default_taxes_dealer` ON `default_taxes` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `__new_dealer_tax_profiles` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`rules` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_dealer_tax_profiles`("dealer_id", "rules", "updated_at") SELECT "dealer_id", "rules", "updated_at" FROM `dealer_tax_profiles`;--> statement-breakpoint
DROP TABLE `dealer_tax_profiles`;--> statement-breakpoint
ALTER TABLE `__new_dealer_tax_profiles` RENAME TO `dealer_tax_profiles`;--> statement-breakpoint
CREATE TABLE `__new_interest_rate_defaults` (
	`dealer_id` text NOT NULL,
	`tier` text NOT NULL,
	`term_months` integer NOT NULL,
	`rate` real NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`dealer_id`, `tier`, `term_months`),
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_interest_rate_defaults`("dealer_id", "tier", "term_months", "rate", "updated_at") SELECT "dealer_id", "tier", "term_months", "rate", "updated_at" FROM `interest_rate_defaults`;--> statement-breakpoint
DROP TABLE `interest_rate_defaults`;--> statement-breakpoint
ALTER TABLE `__new_interest_rate_defaults` RENAME TO `interest_rate_defaults`;--> statement-breakpoint
CREATE TABLE `__new_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`salesperson_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`vehicle_description` text NOT NULL,
	`customer_name` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`salesperson_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_quotes`("id", "dealer_id", "salesperson_id", "created_at", "expires_at", "updated_at", "vehicle_description", "customer_name") SELECT "id", "dealer_id", "dealer_id", "created_at", "expires_at", "updated_at", "vehicle_description", "customer_name" FROM `quotes`;--> statement-breakpoint
DROP TABLE `quotes`;--> statement-breakpoint
ALTER TABLE `__new_quotes` RENAME TO `quotes`;--> statement-breakpoint
CREATE INDEX `quotes_dealer_created` ON `quotes` (`dealer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `quote_events` ADD `actor_name` text;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`dealership_id` text NOT NULL,
	`role` text NOT NULL,
	`tokens_valid_after` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealership_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "email", "password_hash", "first_name", "last_name", "dealership_id", "role", "tokens_valid_after", "created_at", "updated_at") SELECT "id", "email", "password_hash", "first_name", "last_name", "id", 'owner', "tokens_valid_after", "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);
