CREATE TABLE `geo_geocodes` (
	`address_key` text PRIMARY KEY NOT NULL,
	`found` integer NOT NULL,
	`latitude` real,
	`longitude` real,
	`region` text,
	`formatted` text,
	`kind` text,
	`precision` text,
	`source` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `geo_routes` (
	`from_key` text NOT NULL,
	`to_key` text NOT NULL,
	`distance_meters` integer NOT NULL,
	`duration_seconds` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`from_key`, `to_key`)
);
