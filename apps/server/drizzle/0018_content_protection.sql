CREATE TABLE "content_protection" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"switches" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_protection" ADD CONSTRAINT "content_protection_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;