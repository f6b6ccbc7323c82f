-- What a company came with from the landing (decision 0038): its campaign and the plan it chose.
ALTER TABLE `companies` ADD `campaign` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `chosen_plan` text;