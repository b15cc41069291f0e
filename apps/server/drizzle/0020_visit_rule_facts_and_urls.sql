CREATE TABLE "visit_urls" (
	"shop_id" uuid NOT NULL,
	"url_hash" text NOT NULL,
	"url" text NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_urls_pkey" PRIMARY KEY("shop_id","url_hash")
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "rule_label" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "rule_mode" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_rule_kind" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_label" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_mode" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_action" text;--> statement-breakpoint
ALTER TABLE "visit_urls" ADD CONSTRAINT "visit_urls_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_shop_url_time_idx" ON "visits" USING btree ("shop_id",hashtext("url"),"time","id");;--> statement-breakpoint
-- hand-written: the distinct URLs of the visits stored before the table existed.
INSERT INTO "visit_urls" ("shop_id", "url_hash", "url", "visits", "last_seen")
SELECT "shop_id", md5("url"), min("url"), count(*), max("time") FROM "visits"
WHERE "shop_id" IN (SELECT "id" FROM "shops")
GROUP BY "shop_id", md5("url")
ON CONFLICT DO NOTHING;
