ALTER TABLE "shops" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_iv" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_tag" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_ciphertext" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "token_state" text DEFAULT 'non-expiring' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "token_dead_since" timestamp with time zone;