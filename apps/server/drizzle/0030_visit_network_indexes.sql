CREATE INDEX "visits_shop_net_hosting_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 1::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_net_vpn_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 2::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_net_proxy_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 4::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_net_tor_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 8::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_net_privaterelay_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 16::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_net_verified_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 32::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_net_fake_time_idx" ON "visits" USING btree ("shop_id","time","id") WHERE ("visits"."net_flags" & 64::smallint) <> 0;--> statement-breakpoint
CREATE INDEX "visits_shop_bot_time_idx" ON "visits" USING btree ("shop_id","bot_category","time","id") WHERE "visits"."bot_category" is not null;