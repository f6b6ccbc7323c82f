-- Substring search over the EDO mirror (decision 0023): an FTS5 trigram index of the
-- lower-cased text columns the documents filters look into, kept in step with edo_documents
-- by triggers. A re-synced document whose texts did not change does not touch it.
CREATE VIRTUAL TABLE `edo_documents_search` USING fts5(
	search_text, driver, trip, doc_num, vehicle,
	content='edo_documents', content_rowid='rowid', tokenize='trigram'
);
--> statement-breakpoint
CREATE TRIGGER `edo_documents_search_insert` AFTER INSERT ON `edo_documents` BEGIN
	INSERT INTO edo_documents_search(rowid, search_text, driver, trip, doc_num, vehicle)
	VALUES (new.rowid, new.search_text, new.driver, new.trip, new.doc_num, new.vehicle);
END;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_search_delete` AFTER DELETE ON `edo_documents` BEGIN
	INSERT INTO edo_documents_search(edo_documents_search, rowid, search_text, driver, trip, doc_num, vehicle)
	VALUES ('delete', old.rowid, old.search_text, old.driver, old.trip, old.doc_num, old.vehicle);
END;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_search_update` AFTER UPDATE OF search_text, driver, trip, doc_num, vehicle ON `edo_documents`
WHEN old.search_text IS NOT new.search_text OR old.driver IS NOT new.driver OR old.trip IS NOT new.trip
	OR old.doc_num IS NOT new.doc_num OR old.vehicle IS NOT new.vehicle
BEGIN
	INSERT INTO edo_documents_search(edo_documents_search, rowid, search_text, driver, trip, doc_num, vehicle)
	VALUES ('delete', old.rowid, old.search_text, old.driver, old.trip, old.doc_num, old.vehicle);
	INSERT INTO edo_documents_search(rowid, search_text, driver, trip, doc_num, vehicle)
	VALUES (new.rowid, new.search_text, new.driver, new.trip, new.doc_num, new.vehicle);
END;
