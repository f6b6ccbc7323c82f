DROP INDEX `companies_inn_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `companies_inn_unique` ON `companies` (`inn`) WHERE closed_at is null;