CREATE TABLE `vehicles` (
	`id` text PRIMARY KEY NOT NULL,
	`dealer_id` text NOT NULL,
	`stock_number` text NOT NULL,
	`vin` text DEFAULT '' NOT NULL,
	`vin_not_checked` integer DEFAULT false NOT NULL,
	`year` integer NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`trim` text DEFAULT '' NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`mileage` integer DEFAULT 0 NOT NULL,
	`condition` text NOT NULL,
	`msrp_cents` integer,
	`price_cents` integer NOT NULL,
	`cost_cents` integer,
	`status` text DEFAULT 'available' NOT NULL,
	`photo_url` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_dealer_stock_number` ON `vehicles` (`dealer_id`,`stock_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_dealer_vin` ON `vehicles` (`dealer_id`,`vin`) WHERE "vehicles"."vin" <> '';--> statement-breakpoint
CREATE INDEX `vehicles_dealer_status` ON `vehicles` (`dealer_id`,`status`);--> statement-breakpoint
ALTER TABLE `quotes` ADD `inventory_id` text REFERENCES vehicles(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `quotes_inventory` ON `quotes` (`inventory_id`);