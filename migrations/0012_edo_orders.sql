PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_platform_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`connection_id` text,
	`edo_connection_id` text,
	`platform_id` text NOT NULL,
	`external_order_id` text NOT NULL,
	`order_number` text,
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
	`cargo_packages` integer,
	`documents_required` text NOT NULL,
	`price_kopecks` integer,
	`currency` text NOT NULL,
	`payment_terms` text,
	`status` text NOT NULL,
	`vehicle_requirements` text,
	`edo_info` text,
	`created_at` integer NOT NULL,
	`pickup_time_from` integer,
	`delivery_time_from` integer,
	`synced_at` integer NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `platform_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`edo_connection_id`) REFERENCES `edo_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "platform_orders_one_source" CHECK((connection_id IS NULL) <> (edo_connection_id IS NULL))
);
--> statement-breakpoint
INSERT INTO `__new_platform_orders`("id", "company_id", "connection_id", "platform_id", "external_order_id", "customer_name", "pickup_address", "pickup_contact_name", "pickup_contact_phone", "pickup_longitude", "pickup_latitude", "delivery_address", "delivery_contact_name", "delivery_contact_phone", "delivery_longitude", "delivery_latitude", "cargo_type", "cargo_description", "cargo_weight_kg", "cargo_volume_m3", "documents_required", "price_kopecks", "currency", "payment_terms", "status", "vehicle_requirements", "created_at", "pickup_time_from", "delivery_time_from", "synced_at", "search_text") SELECT "id", "company_id", "connection_id", "platform_id", "external_order_id", "customer_name", "pickup_address", "pickup_contact_name", "pickup_contact_phone", "pickup_longitude", "pickup_latitude", "delivery_address", "delivery_contact_name", "delivery_contact_phone", "delivery_longitude", "delivery_latitude", "cargo_type", "cargo_description", "cargo_weight_kg", "cargo_volume_m3", "documents_required", "price_kopecks", "currency", "payment_terms", "status", "vehicle_requirements", "created_at", "pickup_time_from", "delivery_time_from", "synced_at", "search_text" FROM `platform_orders`;--> statement-breakpoint
DROP TABLE `platform_orders`;--> statement-breakpoint
ALTER TABLE `__new_platform_orders` RENAME TO `platform_orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `platform_orders_external_unique` ON `platform_orders` (`company_id`,`platform_id`,`external_order_id`);--> statement-breakpoint
CREATE INDEX `platform_orders_company_created_idx` ON `platform_orders` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `platform_orders_metrics_idx` ON `platform_orders` (`company_id`,`platform_id`,`status`,`price_kopecks`);--> statement-breakpoint
CREATE INDEX `platform_orders_connection_idx` ON `platform_orders` (`connection_id`);--> statement-breakpoint
CREATE INDEX `platform_orders_edo_connection_idx` ON `platform_orders` (`edo_connection_id`);--> statement-breakpoint
ALTER TABLE `job_runs` ADD `cursor` text;--> statement-breakpoint
ALTER TABLE `job_runs` ADD `outcome` text;