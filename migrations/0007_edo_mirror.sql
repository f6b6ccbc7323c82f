CREATE TABLE `edo_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`login` text NOT NULL,
	`token` text NOT NULL,
	`token_expires_at` integer NOT NULL,
	`user_name` text NOT NULL,
	`short_name` text NOT NULL,
	`company_name` text NOT NULL,
	`cursor` text DEFAULT '0' NOT NULL,
	`last_synced_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `edo_connections_company_unique` ON `edo_connections` (`company_id`);--> statement-breakpoint
CREATE TABLE `edo_documents` (
	`company_id` text NOT NULL,
	`id` text NOT NULL,
	`category` text NOT NULL,
	`status_code` text NOT NULL,
	`period` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expired` integer NOT NULL,
	`deleted` integer NOT NULL,
	`go_inn` text,
	`gp_inn` text,
	`tk_inn` text,
	`vehicle` text,
	`driver` text,
	`trip` text,
	`doc_num` text NOT NULL,
	`title_types` text NOT NULL,
	`handed_over` integer NOT NULL,
	`has_route` integer NOT NULL,
	`has_cargo` integer NOT NULL,
	`search_text` text NOT NULL,
	`data` text NOT NULL,
	`synced_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `edo_documents_list_idx` ON `edo_documents` (`company_id`,`category`,`deleted`,`expired`,"created_at" DESC,`id`);--> statement-breakpoint
CREATE INDEX `edo_documents_period_idx` ON `edo_documents` (`company_id`,`category`,`deleted`,`expired`,`period`,"created_at" DESC,`id`);--> statement-breakpoint
CREATE INDEX `edo_documents_status_idx` ON `edo_documents` (`company_id`,`category`,`deleted`,`expired`,`status_code`,"created_at" DESC,`id`);--> statement-breakpoint
DROP INDEX `platform_orders_company_status_idx`;--> statement-breakpoint
CREATE INDEX `platform_orders_metrics_idx` ON `platform_orders` (`company_id`,`platform_id`,`status`,`price_kopecks`);