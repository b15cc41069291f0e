CREATE TABLE "auto_cancel_dry_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"match" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"error" text,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_cancel_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"position" integer NOT NULL,
	"match" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_actions_shop_order_action_key";--> statement-breakpoint
ALTER TABLE "auto_cancel_dry_runs" ADD CONSTRAINT "auto_cancel_dry_runs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_cancel_filters" ADD CONSTRAINT "auto_cancel_filters_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_cancel_dry_runs_shop_created_idx" ON "auto_cancel_dry_runs" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_cancel_filters_shop_position_idx" ON "auto_cancel_filters" USING btree ("shop_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_actions_shop_order_action_feature_key" ON "order_actions" USING btree ("shop_id","order_id","action","feature");--> statement-breakpoint
CREATE UNIQUE INDEX "order_actions_live_cancel_key" ON "order_actions" USING btree ("shop_id","order_id") WHERE "order_actions"."action" = 'cancel' and "order_actions"."status" in ('pending', 'sending', 'done', 'failed');