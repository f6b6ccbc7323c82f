-- Written by hand: drizzle-kit splits the expression at its comma and quotes the halves.
CREATE INDEX `platform_orders_done_idx` ON `platform_orders` (`company_id`,coalesce("delivery_time_from", "created_at"),`status`,`price_kopecks`,`delivery_time_from`,`created_at`);
