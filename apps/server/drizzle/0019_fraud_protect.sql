CREATE TABLE "order_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"filter_id" uuid,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"risk_level" text,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_protect_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"act_on_medium" boolean DEFAULT false NOT NULL,
	"mode" text DEFAULT 'cancel' NOT NULL,
	"reason" text DEFAULT 'FRAUD' NOT NULL,
	"refund" boolean DEFAULT true NOT NULL,
	"restock" boolean DEFAULT true NOT NULL,
	"notify_customer" boolean DEFAULT true NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"exempt_customer_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_order_amount" numeric(12, 2),
	"exempt_returning_customers" boolean DEFAULT false NOT NULL,
	"monitor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_actions" ADD CONSTRAINT "order_actions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_protect_settings" ADD CONSTRAINT "fraud_protect_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_actions_shop_order_action_key" ON "order_actions" USING btree ("shop_id","order_id","action");--> statement-breakpoint
CREATE INDEX "order_actions_shop_feature_created_idx" ON "order_actions" USING btree ("shop_id","feature","created_at");--> statement-breakpoint
CREATE INDEX "order_actions_created_idx" ON "order_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_actions_open_idx" ON "order_actions" USING btree ("status") WHERE "order_actions"."status" in ('pending', 'sending');