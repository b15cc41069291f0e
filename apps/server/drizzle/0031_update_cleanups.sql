CREATE TABLE "update_cleanups" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"script_tags_deleted" integer,
	"webhook_subscriptions_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_cleanups" ADD CONSTRAINT "update_cleanups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;