CREATE TABLE `import_reports` (
	`dealer_id` text PRIMARY KEY NOT NULL,
	`imported_at` integer NOT NULL,
	`report` text NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealerships`(`id`) ON UPDATE no action ON DELETE cascade
);
