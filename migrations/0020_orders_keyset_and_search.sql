-- The orders list (decision 0048): an index in the list's order (newest first, then id), so a
-- page is picked off it by offset or after a page's last order without reading skipped rows,
-- and an FTS5 trigram index of the orders' lower-cased search text, kept in step with
-- platform_orders by triggers and filled here from the orders as they stand. Its `scope` column
-- holds the company's token: its rowid as three CJK characters, by the same expression as
-- workers/core/text/trigram.ts `scopeToken`, so a search counts and pages one company's orders
-- inside the index. Contentless (the text lives in platform_orders), with deletes by rowid.
DROP INDEX `platform_orders_company_created_idx`;--> statement-breakpoint
CREATE INDEX `platform_orders_list_idx` ON `platform_orders` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE VIRTUAL TABLE `platform_orders_search` USING fts5(
	scope, search_text,
	content='', contentless_delete=1, tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO platform_orders_search(rowid, scope, search_text)
SELECT o.rowid,
	char(19968 + (c.rowid / 440664064) % 20992, 19968 + (c.rowid / 20992) % 20992, 19968 + c.rowid % 20992),
	o.search_text
FROM platform_orders o JOIN companies c ON c.id = o.company_id;
--> statement-breakpoint
CREATE TRIGGER `platform_orders_search_insert` AFTER INSERT ON `platform_orders` BEGIN
	INSERT INTO platform_orders_search(rowid, scope, search_text)
	SELECT new.rowid,
		char(19968 + (c.rowid / 440664064) % 20992, 19968 + (c.rowid / 20992) % 20992, 19968 + c.rowid % 20992),
		new.search_text
	FROM companies c WHERE c.id = new.company_id;
END;
--> statement-breakpoint
CREATE TRIGGER `platform_orders_search_delete` AFTER DELETE ON `platform_orders` BEGIN
	DELETE FROM platform_orders_search WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `platform_orders_search_update` AFTER UPDATE OF company_id, search_text ON `platform_orders`
WHEN old.company_id IS NOT new.company_id OR old.search_text IS NOT new.search_text
BEGIN
	DELETE FROM platform_orders_search WHERE rowid = old.rowid;
	INSERT INTO platform_orders_search(rowid, scope, search_text)
	SELECT new.rowid,
		char(19968 + (c.rowid / 440664064) % 20992, 19968 + (c.rowid / 20992) % 20992, 19968 + c.rowid % 20992),
		new.search_text
	FROM companies c WHERE c.id = new.company_id;
END;
