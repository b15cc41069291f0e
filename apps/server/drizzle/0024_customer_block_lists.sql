CREATE TABLE "checkout_block_sync" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"validation_id" text,
	"validation_enabled" boolean,
	"change_seq" integer DEFAULT 0 NOT NULL,
	"sync_state" text DEFAULT 'never' NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"synced_entries" integer DEFAULT 0 NOT NULL,
	"false_match_rate" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_block_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"normalised" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_block_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "checkout_block_sync" ADD CONSTRAINT "checkout_block_sync_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_entries" ADD CONSTRAINT "customer_block_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_block_settings" ADD CONSTRAINT "customer_block_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_block_entries_shop_value_idx" ON "customer_block_entries" USING btree ("shop_id","kind","normalised");--> statement-breakpoint
CREATE INDEX "customer_block_entries_shop_created_idx" ON "customer_block_entries" USING btree ("shop_id","created_at","id");