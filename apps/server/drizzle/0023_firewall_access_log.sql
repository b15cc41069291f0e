CREATE TABLE "fw_access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fw_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"country" text,
	"asn" bigint,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"status" smallint NOT NULL,
	"action" text NOT NULL,
	"rule" text,
	"bytes" bigint NOT NULL,
	"duration_ms" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fw_access_log" ADD CONSTRAINT "fw_access_log_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fw_access_log_shop_id_idx" ON "fw_access_log" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "fw_access_log_shop_time_idx" ON "fw_access_log" USING btree ("shop_id","time");