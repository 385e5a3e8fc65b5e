CREATE TABLE `live_client_ids` (
	`doc_name` text NOT NULL,
	`client_id` integer NOT NULL,
	`quote_id` text NOT NULL,
	`principal` text NOT NULL,
	PRIMARY KEY(`doc_name`, `client_id`),
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
