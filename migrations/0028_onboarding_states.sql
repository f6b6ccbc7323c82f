CREATE TABLE `onboarding_states` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tour_done_at` integer,
	`tour_outcome` text,
	`checklist_dismissed_at` integer,
	`analytics_viewed_at` integer,
	`dismissed_hints` text DEFAULT '[]' NOT NULL,
	`achievements` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
