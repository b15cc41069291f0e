CREATE TABLE "network_feeds" (
	"name" text PRIMARY KEY NOT NULL,
	"body" text,
	"ranges" integer DEFAULT 0 NOT NULL,
	"source_url" text,
	"fetched_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
