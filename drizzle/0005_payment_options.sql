CREATE TABLE `dealer_payment_options` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`structures` text NOT NULL,
	`lease_program` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
