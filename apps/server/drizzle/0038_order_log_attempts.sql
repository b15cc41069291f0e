ALTER TABLE "order_actions" ADD COLUMN "permanent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_actions" ADD COLUMN "job_id" uuid;