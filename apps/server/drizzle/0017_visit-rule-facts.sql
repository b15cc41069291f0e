ALTER TABLE "visits" ADD COLUMN "rule_label" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "rule_mode" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_rule_kind" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_label" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_mode" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "monitor_action" text;