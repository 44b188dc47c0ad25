CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "guide_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 054: the order guide is cached per process and checked against these counters on
-- every request, so each writer of what the guide reads raises one in its own transaction.
-- Triggers where the tables allow it, so that every path that writes (staff screens, the
-- imports, the demo seed, SQL typed by hand) invalidates the same way; order lines have none,
-- and the order history import raises its counter itself (guide-versions.ts).
INSERT INTO "data_versions" ("name", "version") VALUES ('catalogue', 0), ('order_history', 0);--> statement-breakpoint
-- Before the statement, not after: a transaction that writes products or links then takes the
-- counter's row lock before any of their row locks, so two such writers queue on the counter
-- instead of deadlocking on each other's rows.
CREATE FUNCTION "data_versions_bump_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions (name, version) VALUES ('catalogue', 1)
    ON CONFLICT (name) DO UPDATE SET version = data_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_bump_catalogue" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump_catalogue"();--> statement-breakpoint
CREATE TRIGGER "customer_products_bump_catalogue" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_versions_bump_catalogue"();--> statement-breakpoint
-- Pars are one customer's: only that customer's guide goes out of date.
CREATE FUNCTION "customer_pars_bump_guide"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET guide_version = guide_version + 1
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.customer_id ELSE NEW.customer_id END;
  IF TG_OP = 'UPDATE' AND OLD.customer_id <> NEW.customer_id THEN
    UPDATE customers SET guide_version = guide_version + 1 WHERE id = OLD.customer_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_pars_bump_guide" AFTER INSERT OR UPDATE OR DELETE ON "customer_pars"
  FOR EACH ROW EXECUTE FUNCTION "customer_pars_bump_guide"();
--> statement-breakpoint
-- An order that changes customer, delivery date or status may move a guide's figures (a past
-- order cancelled or re-dated by hand, an import's header). Placing an order inserts, and the
-- order path's own updates (the mail, the export file) change none of these, so the WHEN
-- clause keeps the function from running for them: POST Order writes nothing more. A change or
-- cancel of a future order raises its customer's version, a row no order placement locks.
CREATE FUNCTION "orders_bump_guide"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET guide_version = guide_version + 1 WHERE id = OLD.customer_id;
  IF TG_OP = 'UPDATE' AND NEW.customer_id <> OLD.customer_id THEN
    UPDATE customers SET guide_version = guide_version + 1 WHERE id = NEW.customer_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_bump_guide" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD.customer_id, OLD.delivery_date, OLD.status) IS DISTINCT FROM (NEW.customer_id, NEW.delivery_date, NEW.status))
  EXECUTE FUNCTION "orders_bump_guide"();--> statement-breakpoint
CREATE TRIGGER "orders_bump_guide_delete" AFTER DELETE ON "orders" FOR EACH ROW
  EXECUTE FUNCTION "orders_bump_guide"();
