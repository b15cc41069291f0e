CREATE TABLE "vpn_blocker_options" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"allow_private_relay" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vpn_blocker_switches" (
	"shop_id" uuid NOT NULL,
	"network" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"action" text DEFAULT 'block' NOT NULL,
	"redirect_url" text,
	"monitor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vpn_blocker_switches_shop_id_network_pk" PRIMARY KEY("shop_id","network")
);
--> statement-breakpoint
CREATE TABLE "vpn_trusted_asns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"asn" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vpn_blocker_options" ADD CONSTRAINT "vpn_blocker_options_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_blocker_switches" ADD CONSTRAINT "vpn_blocker_switches_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpn_trusted_asns" ADD CONSTRAINT "vpn_trusted_asns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vpn_trusted_asns_shop_asn_idx" ON "vpn_trusted_asns" USING btree ("shop_id","asn");--> statement-breakpoint
CREATE INDEX "vpn_trusted_asns_shop_created_idx" ON "vpn_trusted_asns" USING btree ("shop_id","created_at","id");