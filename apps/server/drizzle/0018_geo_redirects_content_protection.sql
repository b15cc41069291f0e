CREATE TABLE "content_protection" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"switches" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_redirect_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"countries" text[] NOT NULL,
	"continents" text[] NOT NULL,
	"url" text NOT NULL,
	"keep_path" boolean DEFAULT false NOT NULL,
	"mode" text DEFAULT 'auto' NOT NULL,
	"prompt" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_protection" ADD CONSTRAINT "content_protection_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_redirect_rules" ADD CONSTRAINT "geo_redirect_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_redirect_rules_shop_position_idx" ON "geo_redirect_rules" USING btree ("shop_id","position");