CREATE TABLE `edo_files` (
	`company_id` text NOT NULL,
	`docflow_id` text NOT NULL,
	`title_id` text NOT NULL,
	`kind` text NOT NULL,
	`bytes` blob NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `docflow_id`, `title_id`, `kind`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
