CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`edo_list_view` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
