-- The documents list's counts (decision 0036): how many mirror documents each company's list
-- holds by period and status, kept by triggers on edo_documents, so an unfiltered, period or
-- status view is counted from a few rows. Rows that fall to 0 stay (a handful per company).
CREATE TABLE `edo_documents_counts` (
	`company_id` text NOT NULL,
	`category` text NOT NULL,
	`deleted` integer NOT NULL,
	`expired` integer NOT NULL,
	`period` integer NOT NULL,
	`status_code` text NOT NULL,
	`documents` integer NOT NULL,
	PRIMARY KEY(`company_id`, `category`, `deleted`, `expired`, `period`, `status_code`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO edo_documents_counts (company_id, category, deleted, expired, period, status_code, documents)
SELECT company_id, category, deleted, expired, period, status_code, count(*)
FROM edo_documents GROUP BY company_id, category, deleted, expired, period, status_code;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_counts_insert` AFTER INSERT ON `edo_documents` BEGIN
	INSERT INTO edo_documents_counts (company_id, category, deleted, expired, period, status_code, documents)
	VALUES (new.company_id, new.category, new.deleted, new.expired, new.period, new.status_code, 1)
	ON CONFLICT DO UPDATE SET documents = documents + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_counts_delete` AFTER DELETE ON `edo_documents` BEGIN
	UPDATE edo_documents_counts SET documents = documents - 1
	WHERE company_id = old.company_id AND category = old.category AND deleted = old.deleted
		AND expired = old.expired AND period = old.period AND status_code = old.status_code;
END;
--> statement-breakpoint
CREATE TRIGGER `edo_documents_counts_update`
AFTER UPDATE OF company_id, category, deleted, expired, period, status_code ON `edo_documents`
WHEN old.company_id IS NOT new.company_id OR old.category IS NOT new.category OR old.deleted IS NOT new.deleted
	OR old.expired IS NOT new.expired OR old.period IS NOT new.period OR old.status_code IS NOT new.status_code
BEGIN
	UPDATE edo_documents_counts SET documents = documents - 1
	WHERE company_id = old.company_id AND category = old.category AND deleted = old.deleted
		AND expired = old.expired AND period = old.period AND status_code = old.status_code;
	INSERT INTO edo_documents_counts (company_id, category, deleted, expired, period, status_code, documents)
	VALUES (new.company_id, new.category, new.deleted, new.expired, new.period, new.status_code, 1)
	ON CONFLICT DO UPDATE SET documents = documents + 1;
END;
