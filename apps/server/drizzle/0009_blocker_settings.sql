CREATE TABLE "blocker_settings" (
	"shop_id" uuid NOT NULL,
	"blocker" text NOT NULL,
	"action" text DEFAULT 'block' NOT NULL,
	"redirect_url" text,
	"monitor" boolean DEFAULT false NOT NULL,
	"scope" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocker_settings_shop_id_blocker_pk" PRIMARY KEY("shop_id","blocker")
);
--> statement-breakpoint
ALTER TABLE "blocker_settings" ADD CONSTRAINT "blocker_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keep every shop's settings: the Country Blocker's from protection_settings.country_*, the
-- ISP/ASN Blocker's from asn_blocker_settings, each under its blocker's registry name.
INSERT INTO "blocker_settings" ("shop_id", "blocker", "action", "redirect_url", "monitor", "updated_at")
SELECT "shop_id", 'country-blocker', "country_action", "country_redirect_url", "country_monitor", "updated_at"
FROM "protection_settings";--> statement-breakpoint
INSERT INTO "blocker_settings" ("shop_id", "blocker", "action", "redirect_url", "monitor", "updated_at")
SELECT "shop_id", 'asn-blocker', "action", "redirect_url", "monitor", "updated_at"
FROM "asn_blocker_settings";--> statement-breakpoint
DROP TABLE "asn_blocker_settings" CASCADE;--> statement-breakpoint
ALTER TABLE "protection_settings" DROP COLUMN "country_action";--> statement-breakpoint
ALTER TABLE "protection_settings" DROP COLUMN "country_redirect_url";--> statement-breakpoint
ALTER TABLE "protection_settings" DROP COLUMN "country_monitor";