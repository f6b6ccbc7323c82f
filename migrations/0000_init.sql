CREATE TABLE `analytics_daily` (
	`day` text PRIMARY KEY NOT NULL,
	`events` integer NOT NULL,
	`sessions` integer NOT NULL,
	`users` integer NOT NULL,
	`errors` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_daily_by_type` (
	`day` text NOT NULL,
	`event_type` text NOT NULL,
	`event_category` text NOT NULL,
	`events` integer NOT NULL,
	`sessions` integer NOT NULL,
	PRIMARY KEY(`day`, `event_type`, `event_category`)
);
--> statement-breakpoint
CREATE TABLE `analytics_dirty_days` (
	`day` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`session_id` text NOT NULL,
	`event_type` text NOT NULL,
	`event_category` text,
	`event_action` text,
	`event_label` text,
	`metadata` text,
	`page_url` text,
	`referrer` text,
	`created_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_created_at_idx` ON `analytics_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_session_idx` ON `analytics_events` (`session_id`);--> statement-breakpoint
CREATE INDEX `analytics_events_user_idx` ON `analytics_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `app_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dead_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`failed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_payment_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`created_at` integer NOT NULL,
	`checked_at` integer
);
--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`);