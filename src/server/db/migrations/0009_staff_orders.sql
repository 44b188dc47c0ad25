ALTER TABLE "orders" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "override_reason" text;