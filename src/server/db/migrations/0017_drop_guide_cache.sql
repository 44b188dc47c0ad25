-- The order guide is built on every request (design.md section 8: its load does not need the
-- cache of decision 054), so nothing reads these counters any more and nothing raises them.
-- Migration 0014's triggers and functions go first, then the counters they raised.
DROP TRIGGER "products_bump_catalogue" ON "products";--> statement-breakpoint
DROP TRIGGER "customer_products_bump_catalogue" ON "customer_products";--> statement-breakpoint
DROP TRIGGER "customer_pars_bump_guide" ON "customer_pars";--> statement-breakpoint
DROP TRIGGER "orders_bump_guide" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_bump_guide_delete" ON "orders";--> statement-breakpoint
DROP FUNCTION "data_versions_bump_catalogue"();--> statement-breakpoint
DROP FUNCTION "customer_pars_bump_guide"();--> statement-breakpoint
DROP FUNCTION "orders_bump_guide"();--> statement-breakpoint
DROP TABLE "data_versions";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "guide_version";
