CREATE TABLE "customer_data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"platform_request_id" text,
	"customer_id" text NOT NULL,
	"data_iv" text NOT NULL,
	"data_tag" text NOT NULL,
	"data_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_data_requests_webhook_id_unique" UNIQUE("webhook_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "api_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "body_iv" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "body_tag" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "body_ciphertext" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_data_requests" ADD CONSTRAINT "customer_data_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_data_requests_shop_created_idx" ON "customer_data_requests" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_status_received_idx" ON "webhook_events" USING btree ("status","received_at");--> statement-breakpoint
-- Deliveries recorded before the job queue processed them: a finished one is processed; an
-- unfinished one had its body never kept, so it is dropped and the platform's retry of it (it
-- was never answered 200) records it again.
UPDATE "webhook_events" SET "status" = 'processed' WHERE "processed_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "webhook_events" WHERE "processed_at" IS NULL;
