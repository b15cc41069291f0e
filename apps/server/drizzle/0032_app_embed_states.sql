CREATE TABLE "app_embed_states" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"turned_off_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_embed_states" ADD CONSTRAINT "app_embed_states_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;