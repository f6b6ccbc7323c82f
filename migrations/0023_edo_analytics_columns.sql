ALTER TABLE `edo_documents` ADD `role` text;--> statement-breakpoint
ALTER TABLE `edo_documents` ADD `loading_place` text;--> statement-breakpoint
ALTER TABLE `edo_documents` ADD `unloading_place` text;--> statement-breakpoint
-- Rows mirrored before this migration: the role and the addresses' place keys from their JSON,
-- the same values documentRow gives (workers/core/edo/documents.ts addressPlaceKey: cut at the
-- first street start, drop a leading postal code, trim spaces; decision 0059).
UPDATE `edo_documents` SET `role` = x.`role`, `loading_place` = trim(CASE WHEN x.lh GLOB '[0-9][0-9][0-9][0-9][0-9][0-9],*' THEN substr(x.lh, 8) ELSE x.lh END), `unloading_place` = trim(CASE WHEN x.uh GLOB '[0-9][0-9][0-9][0-9][0-9][0-9],*' THEN substr(x.uh, 8) ELSE x.uh END)
FROM (
	SELECT r, `role`, substr(l, 1, min(coalesce(nullif(instr(l, ', ул '), 0), length(l) + 1), coalesce(nullif(instr(l, ', ш '), 0), length(l) + 1), coalesce(nullif(instr(l, ', пр-кт '), 0), length(l) + 1), coalesce(nullif(instr(l, ', пер '), 0), length(l) + 1), coalesce(nullif(instr(l, ', д '), 0), length(l) + 1)) - 1) AS lh, substr(u, 1, min(coalesce(nullif(instr(u, ', ул '), 0), length(u) + 1), coalesce(nullif(instr(u, ', ш '), 0), length(u) + 1), coalesce(nullif(instr(u, ', пр-кт '), 0), length(u) + 1), coalesce(nullif(instr(u, ', пер '), 0), length(u) + 1), coalesce(nullif(instr(u, ', д '), 0), length(u) + 1)) - 1) AS uh
	FROM (
		SELECT rowid AS r, data ->> '$.roleCode' AS `role`, data ->> '$.info.loading.addr' AS l,
			data ->> '$.info.unloading.addr' AS u
		FROM `edo_documents`
	)
) AS x
WHERE `edo_documents`.rowid = x.r;--> statement-breakpoint
CREATE INDEX `edo_documents_analytics_idx` ON `edo_documents` (`company_id`,`category`,`deleted`,`expired`,"created_at" DESC,`id`,`status_code`,`role`,`vehicle`,`loading_place`,`unloading_place`,`go_inn`,`gp_inn`,`tk_inn`);