ALTER TABLE "admin_devices" ADD COLUMN "admin_key_hash" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "admin_access_armed_by" text;