CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`company_id` text NOT NULL,
	`quick_payment_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`payee` text NOT NULL,
	`purpose` text NOT NULL,
	`document_id` text NOT NULL,
	`status` text NOT NULL,
	`bank_code` text,
	`bank_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`quick_payment_id`) REFERENCES `quick_payments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payouts_amount_positive" CHECK(amount_kopecks > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_seq_unique` ON `payouts` (`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_document_unique` ON `payouts` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_live_unique` ON `payouts` (`quick_payment_id`,`kind`) WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `quick_payment_documents` (
	`quick_payment_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`quick_payment_id`, `kind`),
	FOREIGN KEY (`quick_payment_id`) REFERENCES `quick_payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `quick_payments` ADD `hold_detail` text;--> statement-breakpoint
ALTER TABLE `quick_payments` ADD `amount_declared` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `quick_payments` ADD `edo_document_id` text;