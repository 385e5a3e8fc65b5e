DROP INDEX `quote_events_quote_field`;--> statement-breakpoint
CREATE INDEX `quote_events_quote_field` ON `quote_events` (`quote_id`,`field`,`id`);