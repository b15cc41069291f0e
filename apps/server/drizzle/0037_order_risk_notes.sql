CREATE TABLE "order_risk_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"status" text NOT NULL,
	"risk_level" text NOT NULL,
	"facts" jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_risk_notes_shop_order_key" UNIQUE("shop_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "fraud_protect_settings" ADD COLUMN "write_order_risk" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_risk_notes" ADD CONSTRAINT "order_risk_notes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_risk_notes_created_idx" ON "order_risk_notes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_risk_notes_open_idx" ON "order_risk_notes" USING btree ("status") WHERE "order_risk_notes"."status" in ('pending', 'sending');