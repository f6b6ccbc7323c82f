CREATE TABLE `company_requisites` (
	`company_id` text PRIMARY KEY NOT NULL,
	`account` text NOT NULL,
	`bik` text NOT NULL,
	`bank_name` text NOT NULL,
	`correspondent_account` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`movement_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`platform_id` text,
	`order_id` text,
	`quick_payment_id` text,
	`transaction_id` text,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ledger_entries_amount_positive" CHECK(amount_kopecks > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_movement_status_unique` ON `ledger_entries` (`movement_id`,`status`);--> statement-breakpoint
CREATE INDEX `ledger_entries_company_idx` ON `ledger_entries` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quick_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`order_id` text NOT NULL,
	`platform_id` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`fee_rate_bp` integer NOT NULL,
	`fee_kopecks` integer NOT NULL,
	`net_kopecks` integer NOT NULL,
	`status` text NOT NULL,
	`hold_reason` text,
	`failure_reason` text,
	`consent_at` integer NOT NULL,
	`requested_at` integer NOT NULL,
	`checked_at` integer,
	`approved_at` integer,
	`deadline_at` integer,
	`paid_out_at` integer,
	`failed_at` integer,
	`fee_refunded_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `platform_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quick_payments_amounts" CHECK(amount_kopecks > 0 AND fee_kopecks >= 0 AND net_kopecks = amount_kopecks - fee_kopecks)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quick_payments_order_unique` ON `quick_payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `quick_payments_company_idx` ON `quick_payments` (`company_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `quick_payments_status_idx` ON `quick_payments` (`status`,`updated_at`);