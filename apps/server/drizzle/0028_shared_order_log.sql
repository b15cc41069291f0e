ALTER TABLE "order_actions" ADD COLUMN "filter_name" text;--> statement-breakpoint
CREATE INDEX "order_actions_shop_created_idx" ON "order_actions" USING btree ("shop_id","created_at");--> statement-breakpoint
-- hand-written (drizzle does not generate data changes): the entries written before the column
-- existed take the name their filter has now.
UPDATE "order_actions" SET "filter_name" = "auto_cancel_filters"."name" FROM "auto_cancel_filters" WHERE "auto_cancel_filters"."id" = "order_actions"."filter_id";
