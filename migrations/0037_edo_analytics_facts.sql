-- The EDO analytics' facts (decision 0090): each live transport waybill's figures as one short
-- JSON text, its places, counterparties, vehicles and statuses numbered, kept by triggers on
-- edo_documents, so a read of the most recent N hands N short texts to the Worker instead of
-- grouping N documents' text keys in SQL.
CREATE TABLE `edo_analytics_facts` (
	`document` integer PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`id` text NOT NULL,
	`status_code` text NOT NULL,
	`facts` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `edo_analytics_facts_idx` ON `edo_analytics_facts` (`company_id`,"created_at" DESC,`id`,`status_code`,`facts`);--> statement-breakpoint
CREATE TABLE `edo_analytics_parties` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`inn` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `edo_analytics_parties_key_idx` ON `edo_analytics_parties` (`company_id`,`inn`,`name`);--> statement-breakpoint
CREATE TABLE `edo_analytics_places` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`key` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `edo_analytics_places_key_idx` ON `edo_analytics_places` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `edo_analytics_statuses` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `edo_analytics_statuses_code_unique` ON `edo_analytics_statuses` (`code`);--> statement-breakpoint
CREATE TABLE `edo_analytics_vehicles` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`vehicle` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `edo_analytics_vehicles_key_idx` ON `edo_analytics_vehicles` (`company_id`,`vehicle`);--> statement-breakpoint
-- Rows an older sync wrote without the role and place columns (none since migration 0023 filled
-- them): filled as 0023 did, so the facts below and the triggers read columns only.
UPDATE `edo_documents` SET `role` = x.`role`, `loading_place` = trim(CASE WHEN x.lh GLOB '[0-9][0-9][0-9][0-9][0-9][0-9],*' THEN substr(x.lh, 8) ELSE x.lh END), `unloading_place` = trim(CASE WHEN x.uh GLOB '[0-9][0-9][0-9][0-9][0-9][0-9],*' THEN substr(x.uh, 8) ELSE x.uh END)
FROM (
	SELECT r, `role`, substr(l, 1, min(coalesce(nullif(instr(l, ', ул '), 0), length(l) + 1), coalesce(nullif(instr(l, ', ш '), 0), length(l) + 1), coalesce(nullif(instr(l, ', пр-кт '), 0), length(l) + 1), coalesce(nullif(instr(l, ', пер '), 0), length(l) + 1), coalesce(nullif(instr(l, ', д '), 0), length(l) + 1)) - 1) AS lh, substr(u, 1, min(coalesce(nullif(instr(u, ', ул '), 0), length(u) + 1), coalesce(nullif(instr(u, ', ш '), 0), length(u) + 1), coalesce(nullif(instr(u, ', пр-кт '), 0), length(u) + 1), coalesce(nullif(instr(u, ', пер '), 0), length(u) + 1), coalesce(nullif(instr(u, ', д '), 0), length(u) + 1)) - 1) AS uh
	FROM (
		SELECT rowid AS r, data ->> '$.roleCode' AS `role`, data ->> '$.info.loading.addr' AS l,
			data ->> '$.info.unloading.addr' AS u
		FROM `edo_documents` WHERE `role` IS NULL
	)
) AS x
WHERE `edo_documents`.rowid = x.r AND `edo_documents`.`role` IS NULL;--> statement-breakpoint
-- The facts of the rows already mirrored: the numbers first, then each live waybill's facts.
INSERT INTO edo_analytics_places (company_id, key)
	SELECT e.company_id, e.loading_place FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0 AND e.loading_place IS NOT NULL
	UNION ALL SELECT e.company_id, e.unloading_place FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0 AND e.unloading_place IS NOT NULL
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO edo_analytics_parties (company_id, inn, name)
	SELECT e.company_id, e.go_inn, coalesce(e.data ->> '$.info.go.accName', '') FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0 AND (e.role IS NOT 'GO' AND coalesce(e.go_inn, '') <> '')
	UNION ALL
	SELECT e.company_id, e.gp_inn, coalesce(e.data ->> '$.info.gp.accName', '') FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0 AND (e.role IS NOT 'GP' AND coalesce(e.gp_inn, '') <> '') AND NOT ((e.role IS NOT 'GO' AND coalesce(e.go_inn, '') <> '') AND e.go_inn = e.gp_inn)
	UNION ALL
	SELECT e.company_id, e.tk_inn, coalesce(e.data ->> '$.info.tk.accName', '') FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0 AND (e.role IS NOT 'TK' AND coalesce(e.tk_inn, '') <> '') AND NOT ((e.role IS NOT 'GO' AND coalesce(e.go_inn, '') <> '') AND e.go_inn = e.tk_inn) AND NOT ((e.role IS NOT 'GP' AND coalesce(e.gp_inn, '') <> '') AND e.gp_inn = e.tk_inn)
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO edo_analytics_vehicles (company_id, vehicle)
	SELECT e.company_id, e.vehicle FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0 AND e.vehicle IS NOT NULL
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO edo_analytics_statuses (code)
	SELECT e.status_code FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO edo_analytics_facts (document, company_id, created_at, id, status_code, facts)
	SELECT e.rowid, e.company_id, e.created_at, e.id, e.status_code, json_array(e.created_at,
		(SELECT id FROM edo_analytics_statuses AS a WHERE a.code = e.status_code), e.role,
		(SELECT id FROM edo_analytics_places AS a WHERE a.company_id = e.company_id AND a.key = e.loading_place), (SELECT id FROM edo_analytics_places AS a WHERE a.company_id = e.company_id AND a.key = e.unloading_place),
		CASE WHEN (e.role IS NOT 'GO' AND coalesce(e.go_inn, '') <> '') THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = e.company_id AND a.inn = e.go_inn AND a.name = coalesce(e.data ->> '$.info.go.accName', '')) END,
		CASE WHEN (e.role IS NOT 'GP' AND coalesce(e.gp_inn, '') <> '') AND NOT ((e.role IS NOT 'GO' AND coalesce(e.go_inn, '') <> '') AND e.go_inn = e.gp_inn) THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = e.company_id AND a.inn = e.gp_inn AND a.name = coalesce(e.data ->> '$.info.gp.accName', '')) END,
		CASE WHEN (e.role IS NOT 'TK' AND coalesce(e.tk_inn, '') <> '') AND NOT ((e.role IS NOT 'GO' AND coalesce(e.go_inn, '') <> '') AND e.go_inn = e.tk_inn) AND NOT ((e.role IS NOT 'GP' AND coalesce(e.gp_inn, '') <> '') AND e.gp_inn = e.tk_inn) THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = e.company_id AND a.inn = e.tk_inn AND a.name = coalesce(e.data ->> '$.info.tk.accName', '')) END,
		(SELECT id FROM edo_analytics_vehicles AS a WHERE a.company_id = e.company_id AND a.vehicle = e.vehicle))
	FROM edo_documents AS e WHERE e.category = 'ETRN' AND e.deleted = 0 AND e.expired = 0
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- From now on the triggers keep them: a new row adds its numbers and facts; a changed row (the
-- sync refreshes every column, but only a change that matters fires) is removed and added again;
-- a removed row takes its facts along. Numbers are never reused; the connection's and the
-- erasure's deletes remove a company's places, parties and vehicles with its mirror. ON CONFLICT
-- DO NOTHING, not OR IGNORE: an OR clause in a trigger yields to the conflict policy of the
-- statement that fired it (the sync's upsert would abort on a known place), an upsert clause does
-- not.
CREATE TRIGGER `edo_analytics_facts_insert` AFTER INSERT ON `edo_documents` BEGIN
	INSERT INTO edo_analytics_places (company_id, key)
	SELECT new.company_id, new.loading_place WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND new.loading_place IS NOT NULL
	UNION ALL SELECT new.company_id, new.unloading_place WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND new.unloading_place IS NOT NULL
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_parties (company_id, inn, name)
	SELECT new.company_id, new.go_inn, coalesce(new.data ->> '$.info.go.accName', '') WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND (new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '')
	UNION ALL
	SELECT new.company_id, new.gp_inn, coalesce(new.data ->> '$.info.gp.accName', '') WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND (new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.gp_inn)
	UNION ALL
	SELECT new.company_id, new.tk_inn, coalesce(new.data ->> '$.info.tk.accName', '') WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND (new.role IS NOT 'TK' AND coalesce(new.tk_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.tk_inn) AND NOT ((new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND new.gp_inn = new.tk_inn)
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_vehicles (company_id, vehicle)
	SELECT new.company_id, new.vehicle WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND new.vehicle IS NOT NULL
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_statuses (code)
	SELECT new.status_code WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_facts (document, company_id, created_at, id, status_code, facts)
	SELECT new.rowid, new.company_id, new.created_at, new.id, new.status_code, json_array(new.created_at,
		(SELECT id FROM edo_analytics_statuses AS a WHERE a.code = new.status_code), new.role,
		(SELECT id FROM edo_analytics_places AS a WHERE a.company_id = new.company_id AND a.key = new.loading_place), (SELECT id FROM edo_analytics_places AS a WHERE a.company_id = new.company_id AND a.key = new.unloading_place),
		CASE WHEN (new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = new.company_id AND a.inn = new.go_inn AND a.name = coalesce(new.data ->> '$.info.go.accName', '')) END,
		CASE WHEN (new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.gp_inn) THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = new.company_id AND a.inn = new.gp_inn AND a.name = coalesce(new.data ->> '$.info.gp.accName', '')) END,
		CASE WHEN (new.role IS NOT 'TK' AND coalesce(new.tk_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.tk_inn) AND NOT ((new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND new.gp_inn = new.tk_inn) THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = new.company_id AND a.inn = new.tk_inn AND a.name = coalesce(new.data ->> '$.info.tk.accName', '')) END,
		(SELECT id FROM edo_analytics_vehicles AS a WHERE a.company_id = new.company_id AND a.vehicle = new.vehicle))
	WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `edo_analytics_facts_delete` AFTER DELETE ON `edo_documents` BEGIN
	DELETE FROM edo_analytics_facts WHERE document = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `edo_analytics_facts_update` AFTER UPDATE ON `edo_documents`
WHEN old.company_id IS NOT new.company_id OR old.category IS NOT new.category OR old.deleted IS NOT new.deleted OR old.expired IS NOT new.expired OR old.created_at IS NOT new.created_at OR old.id IS NOT new.id OR old.status_code IS NOT new.status_code OR old.role IS NOT new.role OR old.loading_place IS NOT new.loading_place OR old.unloading_place IS NOT new.unloading_place OR old.go_inn IS NOT new.go_inn OR old.gp_inn IS NOT new.gp_inn OR old.tk_inn IS NOT new.tk_inn OR old.vehicle IS NOT new.vehicle OR old.data IS NOT new.data
BEGIN
	DELETE FROM edo_analytics_facts WHERE document = old.rowid;
	INSERT INTO edo_analytics_places (company_id, key)
	SELECT new.company_id, new.loading_place WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND new.loading_place IS NOT NULL
	UNION ALL SELECT new.company_id, new.unloading_place WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND new.unloading_place IS NOT NULL
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_parties (company_id, inn, name)
	SELECT new.company_id, new.go_inn, coalesce(new.data ->> '$.info.go.accName', '') WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND (new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '')
	UNION ALL
	SELECT new.company_id, new.gp_inn, coalesce(new.data ->> '$.info.gp.accName', '') WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND (new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.gp_inn)
	UNION ALL
	SELECT new.company_id, new.tk_inn, coalesce(new.data ->> '$.info.tk.accName', '') WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND (new.role IS NOT 'TK' AND coalesce(new.tk_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.tk_inn) AND NOT ((new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND new.gp_inn = new.tk_inn)
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_vehicles (company_id, vehicle)
	SELECT new.company_id, new.vehicle WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0 AND new.vehicle IS NOT NULL
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_statuses (code)
	SELECT new.status_code WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0
	ON CONFLICT DO NOTHING;
	INSERT INTO edo_analytics_facts (document, company_id, created_at, id, status_code, facts)
	SELECT new.rowid, new.company_id, new.created_at, new.id, new.status_code, json_array(new.created_at,
		(SELECT id FROM edo_analytics_statuses AS a WHERE a.code = new.status_code), new.role,
		(SELECT id FROM edo_analytics_places AS a WHERE a.company_id = new.company_id AND a.key = new.loading_place), (SELECT id FROM edo_analytics_places AS a WHERE a.company_id = new.company_id AND a.key = new.unloading_place),
		CASE WHEN (new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = new.company_id AND a.inn = new.go_inn AND a.name = coalesce(new.data ->> '$.info.go.accName', '')) END,
		CASE WHEN (new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.gp_inn) THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = new.company_id AND a.inn = new.gp_inn AND a.name = coalesce(new.data ->> '$.info.gp.accName', '')) END,
		CASE WHEN (new.role IS NOT 'TK' AND coalesce(new.tk_inn, '') <> '') AND NOT ((new.role IS NOT 'GO' AND coalesce(new.go_inn, '') <> '') AND new.go_inn = new.tk_inn) AND NOT ((new.role IS NOT 'GP' AND coalesce(new.gp_inn, '') <> '') AND new.gp_inn = new.tk_inn) THEN (SELECT id FROM edo_analytics_parties AS a WHERE a.company_id = new.company_id AND a.inn = new.tk_inn AND a.name = coalesce(new.data ->> '$.info.tk.accName', '')) END,
		(SELECT id FROM edo_analytics_vehicles AS a WHERE a.company_id = new.company_id AND a.vehicle = new.vehicle))
	WHERE new.category = 'ETRN' AND new.deleted = 0 AND new.expired = 0;
END;
