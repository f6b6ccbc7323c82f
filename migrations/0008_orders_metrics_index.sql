DROP INDEX `platform_orders_company_status_idx`;--> statement-breakpoint
CREATE INDEX `platform_orders_metrics_idx` ON `platform_orders` (`company_id`,`status`,`platform_id`,`price_kopecks`);