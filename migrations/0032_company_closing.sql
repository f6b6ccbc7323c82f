ALTER TABLE `companies` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `erased_at` integer;