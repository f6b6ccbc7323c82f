CREATE TABLE `x5_tokens` (
	`company_id` text PRIMARY KEY NOT NULL,
	`user_name` text NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
