ALTER TABLE `edo_documents` ADD `chain_id` text;--> statement-breakpoint
ALTER TABLE `edo_documents` ADD `loading_address` text;--> statement-breakpoint
ALTER TABLE `edo_documents` ADD `unloading_address` text;--> statement-breakpoint
-- Rows mirrored before this migration: the chain and the trimmed addresses from their JSON, the
-- same values documentRow gives (workers/core/edo/documents.ts trimmedAddress; decision 0065).
UPDATE `edo_documents` SET `chain_id` = coalesce(`data` ->> '$.info.doc.chainId', `id`), `loading_address` = nullif(trim(`data` ->> '$.info.loading.addr'), ''), `unloading_address` = nullif(trim(`data` ->> '$.info.unloading.addr'), '');--> statement-breakpoint
CREATE INDEX `edo_documents_addresses_idx` ON `edo_documents` (`company_id`,`loading_address`,`unloading_address`);--> statement-breakpoint
CREATE INDEX `edo_documents_unloading_idx` ON `edo_documents` (`company_id`,`unloading_address`);--> statement-breakpoint
CREATE INDEX `edo_documents_unfilled_idx` ON `edo_documents` (`company_id`) WHERE "edo_documents"."chain_id" IS NULL;