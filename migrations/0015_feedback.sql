CREATE TABLE `feedback_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`user_name` text NOT NULL,
	`user_email` text NOT NULL,
	`phone` text,
	`screen` text NOT NULL,
	`message` text NOT NULL,
	`metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_messages_created_idx` ON `feedback_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_messages_screen_idx` ON `feedback_messages` (`screen`);--> statement-breakpoint
ALTER TABLE `companies` ADD `partner_source` text;