CREATE TABLE "asn_blocker_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"action" text DEFAULT 'block' NOT NULL,
	"redirect_url" text,
	"monitor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asn_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"asn" bigint,
	"name" text,
	"key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asn_rules_asn_or_name" CHECK (("asn_rules"."asn" is null) <> ("asn_rules"."name" is null) and ("asn_rules"."asn" is null or "asn_rules"."asn" between 1 and 4294967295))
);
--> statement-breakpoint
ALTER TABLE "asn_blocker_settings" ADD CONSTRAINT "asn_blocker_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asn_rules" ADD CONSTRAINT "asn_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asn_rules_shop_key_idx" ON "asn_rules" USING btree ("shop_id","key");--> statement-breakpoint
CREATE INDEX "asn_rules_shop_created_idx" ON "asn_rules" USING btree ("shop_id","created_at","id");