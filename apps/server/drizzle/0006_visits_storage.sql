ALTER TABLE "visits" DROP CONSTRAINT "visits_shop_id_shops_id_fk";--> statement-breakpoint
DROP INDEX "visits_shop_time_id_idx";--> statement-breakpoint
DROP INDEX "visits_shop_inet_idx";--> statement-breakpoint
DROP INDEX "visits_shop_country_time_idx";--> statement-breakpoint
DROP INDEX "visits_shop_asn_time_idx";--> statement-breakpoint
DROP INDEX "visits_shop_flagged_time_idx";--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_pkey";--> statement-breakpoint
-- One rewrite for both types; a stored address that is not an IP address becomes NULL.
ALTER TABLE "visits" ALTER COLUMN "ip" SET DATA TYPE inet USING visit_inet("ip"), ALTER COLUMN "ip" DROP NOT NULL, ALTER COLUMN "asn" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_pkey" PRIMARY KEY("shop_id","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_ip_time_idx" ON "visits" USING btree ("shop_id","ip","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_country_time_idx" ON "visits" USING btree ("shop_id","country","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_asn_time_idx" ON "visits" USING btree ("shop_id","asn","time","id");--> statement-breakpoint
CREATE INDEX "visits_shop_flagged_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE "visits"."action" <> 'allow' or "visits"."monitor";
