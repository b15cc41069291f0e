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
ALTER TABLE "fw_list_rules" ADD CONSTRAINT "fw_list_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fw_list_rules_shop_list_key_idx" ON "fw_list_rules" USING btree ("shop_id","list","key");--> statement-breakpoint
CREATE INDEX "fw_list_rules_shop_created_idx" ON "fw_list_rules" USING btree ("shop_id","list","created_at","id");