CREATE TABLE "firewall_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enforce" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_limit_enabled" boolean DEFAULT false NOT NULL,
	"rate_limit_max" integer DEFAULT 300 NOT NULL,
	"rate_limit_window_seconds" integer DEFAULT 60 NOT NULL,
	"rate_limit_action" text DEFAULT 'challenge' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fw_list_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"list" text NOT NULL,
	"value" text NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fw_url_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"match" text NOT NULL,
	"pattern" text NOT NULL,
	"target" text DEFAULT 'path' NOT NULL,
	"methods" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firewall_settings" ADD CONSTRAINT "firewall_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fw_list_rules" ADD CONSTRAINT "fw_list_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fw_url_rules" ADD CONSTRAINT "fw_url_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fw_list_rules_shop_list_key_idx" ON "fw_list_rules" USING btree ("shop_id","list","key");--> statement-breakpoint
CREATE INDEX "fw_list_rules_shop_created_idx" ON "fw_list_rules" USING btree ("shop_id","list","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fw_url_rules_shop_pattern_idx" ON "fw_url_rules" USING btree ("shop_id","match","target","methods","pattern");--> statement-breakpoint
CREATE INDEX "fw_url_rules_shop_created_idx" ON "fw_url_rules" USING btree ("shop_id","created_at","id");