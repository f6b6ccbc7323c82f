-- What each succeeded payment bought and what was refunded of it (decision 0042).
ALTER TABLE `payments` ADD `period_start` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `period_end` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_kopecks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Payments applied before this kept no period: taken as 30 days from when they were applied.
UPDATE `payments` SET `period_start` = `applied_at`, `period_end` = `applied_at` + 2592000000 WHERE `status` = 'succeeded' AND `applied_at` IS NOT NULL;
