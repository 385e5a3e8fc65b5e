ALTER TABLE `quote_versions` ADD `choice_structure` text;--> statement-breakpoint
ALTER TABLE `quote_versions` ADD `choice_months` integer;--> statement-breakpoint
ALTER TABLE `quote_versions` ADD `choice_down_cents` integer;--> statement-breakpoint
ALTER TABLE `quote_versions` ADD `out_the_door_cents` integer;--> statement-breakpoint
ALTER TABLE `quote_versions` ADD `monthly_cents` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `stock_number` text;--> statement-breakpoint
ALTER TABLE `quotes` ADD `selected_structure` text;--> statement-breakpoint
ALTER TABLE `quotes` ADD `monthly_cents` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `shared_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `opened_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `accepted_at` integer;--> statement-breakpoint
CREATE INDEX `quotes_dealer_salesperson_created` ON `quotes` (`dealer_id`,`salesperson_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `quotes_dealer_created_steps` ON `quotes` (`dealer_id`,`created_at`,`salesperson_id`,`shared_at`,`opened_at`,`accepted_at`,`accepted_version`);--> statement-breakpoint
CREATE INDEX `quote_events_quote_field` ON `quote_events` (`quote_id`,`field`,`at`);--> statement-breakpoint
UPDATE `quote_versions` SET `choice_structure` = json_extract(`snapshot`, '$.choice.structure'), `choice_months` = CAST(json_extract(`snapshot`, '$.choice.months') AS INTEGER), `choice_down_cents` = CAST(round(json_extract(`snapshot`, '$.choice.down') * 100) AS INTEGER), `out_the_door_cents` = CAST(json_extract(`snapshot`, '$.breakdown.outTheDoorPrice') AS INTEGER);--> statement-breakpoint
UPDATE `quotes` SET `shared_at` = (SELECT min(`at`) FROM `quote_events` e WHERE e.`quote_id` = `quotes`.`id` AND e.`field` = 'shared'), `opened_at` = (SELECT min(`at`) FROM `quote_events` e WHERE e.`quote_id` = `quotes`.`id` AND e.`field` = 'opened'), `accepted_at` = (SELECT min(`created_at`) FROM `quote_versions` v WHERE v.`quote_id` = `quotes`.`id` AND v.`kind` = 'accepted');
