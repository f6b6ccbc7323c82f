CREATE TABLE `subscriptions` (
	`company_id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`trial_ends_at` integer NOT NULL,
	`current_period_end` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Until this migration nothing created payments (the status check only read the table), so the
-- table is replaced rather than altered: SQLite cannot add NOT NULL or ON DELETE columns in place.
DROP TABLE `payments`;--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text,
	`plan_id` text NOT NULL,
	`description` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`currency` text DEFAULT 'RUB' NOT NULL,
	`discount_percent` integer DEFAULT 0 NOT NULL,
	`partner_source` text,
	`idempotence_key` text NOT NULL,
	`return_url` text NOT NULL,
	`provider_payment_id` text,
	`confirmation_url` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`cancellation_party` text,
	`cancellation_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`checked_at` integer,
	`applied_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_status_created_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_company_idx` ON `payments` (`company_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_unique` ON `payments` (`provider_payment_id`);
