-- One request per visit reference: where a store already holds more than one for a reference,
-- the earliest is kept (the one the merchant was shown first) and the later copies go.
DELETE FROM "access_requests" AS "later" USING "access_requests" AS "earlier"
WHERE "later"."shop_id" = "earlier"."shop_id"
  AND "later"."reference" = "earlier"."reference"
  AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_shop_reference_idx" ON "access_requests" USING btree ("shop_id","reference");
