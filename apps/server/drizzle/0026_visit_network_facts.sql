ALTER TABLE "visits" ADD COLUMN "net_flags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "bot_category" text;