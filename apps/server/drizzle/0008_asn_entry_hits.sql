ALTER TABLE "asn_rules" ADD COLUMN "hits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asn_rules" ADD COLUMN "last_hit_at" timestamp with time zone;