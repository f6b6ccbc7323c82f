CREATE TABLE `throttle_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttle_hits_key_idx` ON `throttle_hits` (`key`,`created_at`);