-- Custom SQL (drizzle-kit cannot express partitioning): the visit log becomes a table
-- partitioned by UTC week (from Monday) on "time", with the columns, primary key and indexes
-- of migration 0006. Each week is a partition `visits_pYYYYMMDD` (its Monday);
-- `visits_default` takes a visit of any time no week partition covers, so no visit is ever
-- refused. The retention job creates the coming week's partition and drops those past the
-- longest retention whole (src/features/visitor-logs/visit-partitions.ts). Here: one partition
-- per week that holds visits, and this week and the next; the stored visits move in, ids kept.
DROP INDEX "visits_shop_ip_time_idx";--> statement-breakpoint
DROP INDEX "visits_shop_country_time_idx";--> statement-breakpoint
DROP INDEX "visits_shop_asn_time_idx";--> statement-breakpoint
DROP INDEX "visits_shop_flagged_time_idx";--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_pkey";--> statement-breakpoint
ALTER TABLE "visits" RENAME TO "visits_unpartitioned";--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigint DEFAULT nextval('visits_id_seq'::regclass) NOT NULL,
	"shop_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"ip" inet,
	"country" text,
	"region" text,
	"city" text,
	"asn" bigint,
	"org" text,
	"url" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"rule_id" text,
	"rule_kind" text,
	"monitor" boolean DEFAULT false NOT NULL,
	"monitor_rule_id" text,
	CONSTRAINT "visits_pkey" PRIMARY KEY("shop_id","time","id")
) PARTITION BY RANGE ("time");--> statement-breakpoint
ALTER SEQUENCE "visits_id_seq" OWNED BY "visits"."id";--> statement-breakpoint
CREATE INDEX "visits_shop_ip_time_idx" ON "visits" USING btree ("shop_id","ip","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_country_time_idx" ON "visits" USING btree ("shop_id","country","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_asn_time_idx" ON "visits" USING btree ("shop_id","asn","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_flagged_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE "visits"."action" <> 'allow' or "visits"."monitor";--> statement-breakpoint
CREATE TABLE "visits_default" PARTITION OF "visits" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  this_week date := date_trunc('week', now() AT TIME ZONE 'UTC')::date;
  d date;
BEGIN
  FOR d IN
    SELECT DISTINCT date_trunc('week', "time" AT TIME ZONE 'UTC')::date FROM "visits_unpartitioned"
    UNION
    SELECT this_week UNION SELECT this_week + 7
  LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "visits" FOR VALUES FROM (%L) TO (%L)',
      'visits_p' || to_char(d, 'YYYYMMDD'),
      d::text || ' 00:00:00+00',
      (d + 7)::text || ' 00:00:00+00');
  END LOOP;
END;
$$;--> statement-breakpoint
INSERT INTO "visits" ("id", "shop_id", "time", "ip", "country", "region", "city", "asn", "org", "url", "referrer", "user_agent", "action", "rule_id", "rule_kind", "monitor", "monitor_rule_id")
SELECT "id", "shop_id", "time", "ip", "country", "region", "city", "asn", "org", "url", "referrer", "user_agent", "action", "rule_id", "rule_kind", "monitor", "monitor_rule_id"
FROM "visits_unpartitioned";--> statement-breakpoint
DROP TABLE "visits_unpartitioned";--> statement-breakpoint
-- The expression index that used it is gone: addresses are stored as inet.
DROP FUNCTION "visit_inet"(text);
