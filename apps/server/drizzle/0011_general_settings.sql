-- General Settings' table takes the feature's name; rows, keys and the link to shops are kept.
-- The constraints are renamed to what a new general_settings table would have.
ALTER TABLE "protection_settings" RENAME TO "general_settings";--> statement-breakpoint
ALTER TABLE "general_settings" RENAME CONSTRAINT "protection_settings_pkey" TO "general_settings_pkey";--> statement-breakpoint
ALTER TABLE "general_settings" RENAME CONSTRAINT "protection_settings_shop_id_shops_id_fk" TO "general_settings_shop_id_shops_id_fk";
