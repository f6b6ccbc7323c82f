CREATE TABLE `payment_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`order_id` text NOT NULL,
	`status` text NOT NULL,
	`amount_kopecks` integer,
	`requested_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `platform_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_requests_order_unique` ON `payment_requests` (`order_id`);--> statement-breakpoint
CREATE INDEX `payment_requests_company_idx` ON `payment_requests` (`company_id`);--> statement-breakpoint
ALTER TABLE `platform_orders` ADD `search_text` text DEFAULT '' NOT NULL;