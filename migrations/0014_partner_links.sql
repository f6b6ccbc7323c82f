CREATE TABLE `partner_links` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`created_by` text,
	`unique_token` text NOT NULL,
	`short_code` text NOT NULL,
	`source` text NOT NULL,
	`partner_code` text,
	`partner_source_name` text NOT NULL,
	`company_name` text NOT NULL,
	`company_inn` text NOT NULL,
	`company_address` text NOT NULL,
	`company_phone` text,
	`company_email` text,
	`contact_first_name` text NOT NULL,
	`contact_last_name` text NOT NULL,
	`contact_phone` text,
	`contact_email` text NOT NULL,
	`discount_value` integer NOT NULL,
	`discount_type` text DEFAULT 'percentage' NOT NULL,
	`discount_description` text,
	`discount_valid_until` integer,
	`clicks` integer DEFAULT 0 NOT NULL,
	`last_clicked_at` integer,
	`created_at` integer NOT NULL,
	`used_at` integer,
	`registered_company_id` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`registered_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_links_company_created_idx` ON `partner_links` (`company_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `partner_links_token_unique` ON `partner_links` (`unique_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `partner_links_short_code_unique` ON `partner_links` (`short_code`);