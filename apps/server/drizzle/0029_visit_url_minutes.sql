CREATE TABLE "visit_url_minutes" (
	"shop_id" uuid NOT NULL,
	"url_hash" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_url_minutes_pkey" PRIMARY KEY("shop_id","url_hash","minute")
);
--> statement-breakpoint
DROP INDEX "visits_shop_url_time_idx";--> statement-breakpoint
ALTER TABLE "visit_url_minutes" ADD CONSTRAINT "visit_url_minutes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written (drizzle-kit generates schema, not data): the minutes of the visits stored
-- before the table existed, so a "URL contains" search still finds them.
INSERT INTO "visit_url_minutes" ("shop_id", "url_hash", "minute")
SELECT DISTINCT "shop_id", md5("url"), date_trunc('minute', "time", 'UTC') FROM "visits"
WHERE "shop_id" IN (SELECT "id" FROM "shops")
ON CONFLICT DO NOTHING;
