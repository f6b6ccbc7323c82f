-- The orders' counts (decision 0087): how many orders each company has by platform and status,
-- and the sum of their prices, kept by triggers on platform_orders, so the orders page's metrics
-- and count and the layout's new-orders badge read a handful of rows instead of every order.
-- Rows that fall to 0 stay (a handful per company).
CREATE TABLE `platform_orders_counts` (
	`company_id` text NOT NULL,
	`platform_id` text NOT NULL,
	`status` text NOT NULL,
	`orders` integer NOT NULL,
	`price_kopecks` integer NOT NULL,
	PRIMARY KEY(`company_id`, `platform_id`, `status`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO platform_orders_counts (company_id, platform_id, status, orders, price_kopecks)
SELECT company_id, platform_id, status, count(*), coalesce(sum(price_kopecks), 0)
FROM platform_orders GROUP BY company_id, platform_id, status;
--> statement-breakpoint
CREATE TRIGGER `platform_orders_counts_insert` AFTER INSERT ON `platform_orders` BEGIN
	INSERT INTO platform_orders_counts (company_id, platform_id, status, orders, price_kopecks)
	VALUES (new.company_id, new.platform_id, new.status, 1, coalesce(new.price_kopecks, 0))
	ON CONFLICT DO UPDATE SET orders = orders + 1, price_kopecks = price_kopecks + excluded.price_kopecks;
END;
--> statement-breakpoint
CREATE TRIGGER `platform_orders_counts_delete` AFTER DELETE ON `platform_orders` BEGIN
	UPDATE platform_orders_counts
	SET orders = orders - 1, price_kopecks = price_kopecks - coalesce(old.price_kopecks, 0)
	WHERE company_id = old.company_id AND platform_id = old.platform_id AND status = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `platform_orders_counts_update`
AFTER UPDATE OF company_id, platform_id, status, price_kopecks ON `platform_orders`
WHEN old.company_id IS NOT new.company_id OR old.platform_id IS NOT new.platform_id
	OR old.status IS NOT new.status OR old.price_kopecks IS NOT new.price_kopecks
BEGIN
	UPDATE platform_orders_counts
	SET orders = orders - 1, price_kopecks = price_kopecks - coalesce(old.price_kopecks, 0)
	WHERE company_id = old.company_id AND platform_id = old.platform_id AND status = old.status;
	INSERT INTO platform_orders_counts (company_id, platform_id, status, orders, price_kopecks)
	VALUES (new.company_id, new.platform_id, new.status, 1, coalesce(new.price_kopecks, 0))
	ON CONFLICT DO UPDATE SET orders = orders + 1, price_kopecks = price_kopecks + excluded.price_kopecks;
END;
