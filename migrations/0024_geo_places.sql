CREATE TABLE `geo_place_routes` (
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`distance_meters` integer NOT NULL,
	`duration_seconds` integer NOT NULL,
	`source` text NOT NULL,
	`routed_at` integer NOT NULL,
	PRIMARY KEY(`from_address`, `to_address`)
);
--> statement-breakpoint
CREATE TABLE `geo_places` (
	`address` text PRIMARY KEY NOT NULL,
	`address_key` text NOT NULL,
	`found` integer NOT NULL,
	`latitude` real,
	`longitude` real,
	`region` text,
	`formatted` text,
	`kind` text,
	`precision` text,
	`source` text NOT NULL,
	`placed_at` integer NOT NULL
);
