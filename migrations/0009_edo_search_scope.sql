-- The EDO trigram index learns whose document each entry is (decision 0024): a `scope` column
-- holds one three-character token per company × category × deleted × expired, so a search
-- counts and pages the company's working list inside the index instead of probing every row
-- of the company. The token is made from the company's rowid and the row's flags by the same
-- expression as workers/core/edo/search.ts `scopeToken`. Contentless (the texts live in
-- edo_documents), with deletes by rowid.
DROP TRIGGER `edo_documents_search_insert`;
--> statement-breakpoint
DROP TRIGGER `edo_documents_search_delete`;
--> statement-breakpoint
DROP TRIGGER `edo_documents_search_update`;
--> statement-breakpoint
DROP TABLE `edo_documents_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `edo_documents_search` USING fts5(
	scope, search_text, driver, trip, doc_num, vehicle,
	content='', contentless_delete=1, tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO edo_documents_search(rowid, scope, search_text, driver, trip, doc_num, vehicle)
SELECT d.rowid,
	char(19968 + (k / 440664064) % 20992, 19968 + (k / 20992) % 20992, 19968 + k % 20992),
	d.search_text, d.driver, d.trip, d.doc_num, d.vehicle
FROM (
	SELECT e.rowid AS id,
		(((SELECT c.rowid FROM companies c WHERE c.id = e.company_id) * 256
			+ instr('|ETRN|TRNS|PTL|XR|PX|TORG13|TRNPUD|DOV|REQUEST|TRIPREG|', '|' || e.category || '|')) * 4
			+ e.deleted * 2 + e.expired) AS k
	FROM edo_documents e
) s JOIN edo_documents d ON d.rowid = s.id;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_search_insert` AFTER INSERT ON `edo_documents` BEGIN
	INSERT INTO edo_documents_search(rowid, scope, search_text, driver, trip, doc_num, vehicle)
	SELECT new.rowid,
		char(19968 + (k / 440664064) % 20992, 19968 + (k / 20992) % 20992, 19968 + k % 20992),
		new.search_text, new.driver, new.trip, new.doc_num, new.vehicle
	FROM (SELECT (((SELECT c.rowid FROM companies c WHERE c.id = new.company_id) * 256
		+ instr('|ETRN|TRNS|PTL|XR|PX|TORG13|TRNPUD|DOV|REQUEST|TRIPREG|', '|' || new.category || '|')) * 4
		+ new.deleted * 2 + new.expired) AS k);
END;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_search_delete` AFTER DELETE ON `edo_documents` BEGIN
	DELETE FROM edo_documents_search WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_search_update`
AFTER UPDATE OF category, deleted, expired, search_text, driver, trip, doc_num, vehicle ON `edo_documents`
WHEN old.category IS NOT new.category OR old.deleted IS NOT new.deleted OR old.expired IS NOT new.expired
	OR old.search_text IS NOT new.search_text OR old.driver IS NOT new.driver OR old.trip IS NOT new.trip
	OR old.doc_num IS NOT new.doc_num OR old.vehicle IS NOT new.vehicle
BEGIN
	DELETE FROM edo_documents_search WHERE rowid = old.rowid;
	INSERT INTO edo_documents_search(rowid, scope, search_text, driver, trip, doc_num, vehicle)
	SELECT new.rowid,
		char(19968 + (k / 440664064) % 20992, 19968 + (k / 20992) % 20992, 19968 + k % 20992),
		new.search_text, new.driver, new.trip, new.doc_num, new.vehicle
	FROM (SELECT (((SELECT c.rowid FROM companies c WHERE c.id = new.company_id) * 256
		+ instr('|ETRN|TRNS|PTL|XR|PX|TORG13|TRNPUD|DOV|REQUEST|TRIPREG|', '|' || new.category || '|')) * 4
		+ new.deleted * 2 + new.expired) AS k);
END;
