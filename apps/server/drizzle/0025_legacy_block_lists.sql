CREATE TABLE "legacy_block_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_block_migrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "legacy_block_entries" ADD CONSTRAINT "legacy_block_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_block_migrations" ADD CONSTRAINT "legacy_block_migrations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_block_entries_shop_kind_value_idx" ON "legacy_block_entries" USING btree ("shop_id","kind","value");--> statement-breakpoint
CREATE INDEX "legacy_block_entries_shop_created_idx" ON "legacy_block_entries" USING btree ("shop_id","created_at","id");--> statement-breakpoint
CREATE INDEX "legacy_block_migrations_shop_idx" ON "legacy_block_migrations" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_block_migrations_pending_idx" ON "legacy_block_migrations" USING btree ("shop_id") WHERE status = 'pending';