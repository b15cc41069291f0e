CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"visit_time" timestamp with time zone NOT NULL,
	"ip" "inet" NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allowed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_requests_shop_created_idx" ON "access_requests" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_shop_ip_idx" ON "access_requests" USING btree ("shop_id","ip","created_at");