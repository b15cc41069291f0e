CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"platform_id" text NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"test" boolean NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"usage_line_item_id" text,
	"confirmation_url" text NOT NULL,
	"activated_at" timestamp with time zone,
	"platform_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_platform_id_unique" UNIQUE("platform_id")
);
--> statement-breakpoint
CREATE TABLE "usage_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"views_covered" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"platform_record_id" text,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "usage_periods" (
	"shop_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"protected_page_views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_periods_shop_id_period_start_pk" PRIMARY KEY("shop_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "admin_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "admin_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ip_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"list" text NOT NULL,
	"ip" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"country_action" text DEFAULT 'block' NOT NULL,
	"country_redirect_url" text,
	"country_monitor" boolean DEFAULT false NOT NULL,
	"block_title" text,
	"block_message" text,
	"block_background_color" text,
	"block_text_color" text,
	"block_logo_url" text,
	"timeout_ms" integer DEFAULT 2500 NOT NULL,
	"log_retention_hours" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"country" text,
	"region" text,
	"city" text,
	"asn" integer,
	"org" text,
	"url" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"rule_id" text,
	"rule_kind" text,
	"monitor" boolean DEFAULT false NOT NULL,
	"monitor_rule_id" text
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_periods" ADD CONSTRAINT "usage_periods_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_devices" ADD CONSTRAINT "admin_devices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_rules" ADD CONSTRAINT "ip_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_settings" ADD CONSTRAINT "protection_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_shop_id_idx" ON "subscriptions" USING btree ("shop_id","activated_at");--> statement-breakpoint
CREATE INDEX "usage_charges_status_next_idx" ON "usage_charges" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "usage_charges_shop_id_idx" ON "usage_charges" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "usage_charges_subscription_id_idx" ON "usage_charges" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "admin_devices_shop_id_idx" ON "admin_devices" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_rules_shop_list_ip_idx" ON "ip_rules" USING btree ("shop_id","list","ip");--> statement-breakpoint
CREATE INDEX "ip_rules_shop_list_created_idx" ON "ip_rules" USING btree ("shop_id","list","created_at","id");--> statement-breakpoint
CREATE INDEX "visits_shop_time_id_idx" ON "visits" USING btree ("shop_id","time" DESC NULLS LAST,"id" DESC NULLS LAST);