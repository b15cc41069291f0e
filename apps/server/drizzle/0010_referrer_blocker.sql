CREATE TABLE "referrer_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrer_rules" ADD CONSTRAINT "referrer_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrer_rules_shop_domain_idx" ON "referrer_rules" USING btree ("shop_id","domain");--> statement-breakpoint
CREATE INDEX "referrer_rules_shop_created_idx" ON "referrer_rules" USING btree ("shop_id","created_at","id");