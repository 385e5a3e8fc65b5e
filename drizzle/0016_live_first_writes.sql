CREATE TABLE `live_first_writes` (
	`quote_id` text NOT NULL,
	`principal` text NOT NULL,
	`written_at` integer NOT NULL,
	PRIMARY KEY(`quote_id`, `principal`),
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
