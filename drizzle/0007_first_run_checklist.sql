ALTER TABLE `dealerships` ADD `checklist_taxes_at` integer;--> statement-breakpoint
ALTER TABLE `dealerships` ADD `checklist_shared_at` integer;--> statement-breakpoint
ALTER TABLE `dealerships` ADD `checklist_dismissed_at` integer;--> statement-breakpoint
-- Dealerships that already have quotes are past their first run: no checklist for them.
UPDATE `dealerships` SET `checklist_dismissed_at` = 0 WHERE `id` IN (SELECT `dealer_id` FROM `quotes`);
