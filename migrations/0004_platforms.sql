CREATE TABLE `job_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`status` text NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_runs_subject_idx` ON `job_runs` (`subject_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `platform_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`platform_id` text NOT NULL,
	`connection_name` text NOT NULL,
	`credentials` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `platform_connections_company_idx` ON `platform_connections` (`company_id`);--> statement-breakpoint
CREATE TABLE `platform_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`platform_id` text NOT NULL,
	`external_order_id` text NOT NULL,
	`customer_name` text,
	`pickup_address` text NOT NULL,
	`pickup_contact_name` text,
	`pickup_contact_phone` text,
	`pickup_longitude` real,
	`pickup_latitude` real,
	`delivery_address` text NOT NULL,
	`delivery_contact_name` text,
	`delivery_contact_phone` text,
	`delivery_longitude` real,
	`delivery_latitude` real,
	`cargo_type` text,
	`cargo_description` text,
	`cargo_weight_kg` real,
	`cargo_volume_m3` real,
	`documents_required` text NOT NULL,
	`price_kopecks` integer,
	`currency` text NOT NULL,
	`payment_terms` text,
	`status` text NOT NULL,
	`vehicle_requirements` text,
	`created_at` integer NOT NULL,
	`pickup_time_from` integer,
	`delivery_time_from` integer,
	`synced_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `platform_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_orders_external_unique` ON `platform_orders` (`company_id`,`platform_id`,`external_order_id`);--> statement-breakpoint
CREATE INDEX `platform_orders_company_created_idx` ON `platform_orders` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `platform_orders_company_status_idx` ON `platform_orders` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `platform_orders_connection_idx` ON `platform_orders` (`connection_id`);