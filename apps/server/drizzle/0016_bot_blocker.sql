CREATE TABLE "bot_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"category" text,
	"pattern" text,
	"regex" boolean DEFAULT false NOT NULL,
	"key" text NOT NULL,
	"mode" text DEFAULT 'block' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_rules_category_or_pattern" CHECK (("bot_rules"."category" is null) <> ("bot_rules"."pattern" is null) and "bot_rules"."mode" in ('block', 'monitor', 'off') and ("bot_rules"."pattern" is null or "bot_rules"."mode" <> 'off'))
);
--> statement-breakpoint
ALTER TABLE "bot_rules" ADD CONSTRAINT "bot_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_rules_shop_key_idx" ON "bot_rules" USING btree ("shop_id","key");--> statement-breakpoint
CREATE INDEX "bot_rules_shop_created_idx" ON "bot_rules" USING btree ("shop_id","created_at","id");