-- Decision 066 replaces decision 022's session versions with a row per signed-in device.
DROP TRIGGER "customers_end_sessions" ON "customers";--> statement-breakpoint
DROP FUNCTION "customers_end_sessions"();--> statement-breakpoint
DROP TRIGGER "admin_users_end_sessions" ON "admin_users";--> statement-breakpoint
DROP FUNCTION "admin_users_end_sessions"();--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"admin_user_id" integer,
	"device" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_one_account" CHECK (num_nonnulls("sessions"."customer_id", "sessions"."admin_user_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_customer_id_idx" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sessions_admin_user_id_idx" ON "sessions" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "sessions_started_at_idx" ON "sessions" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "admin_users" DROP COLUMN "session_version";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "session_version";--> statement-breakpoint
-- A new zip code or deactivation ends the customer's shared sign-in sessions, a new password or
-- deactivation a staff user's, whichever path wrote it (POST Customer, the customer import,
-- POST User, SQL by hand). A reactivated account stays signed out.
CREATE FUNCTION "customers_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sessions" WHERE "customer_id" = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_end_sessions" AFTER UPDATE ON "customers" FOR EACH ROW
  WHEN (NEW.zipcode IS DISTINCT FROM OLD.zipcode OR (OLD.is_active AND NOT NEW.is_active)) EXECUTE FUNCTION "customers_end_sessions"();--> statement-breakpoint
CREATE FUNCTION "admin_users_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sessions" WHERE "admin_user_id" = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "admin_users_end_sessions" AFTER UPDATE ON "admin_users" FOR EACH ROW
  WHEN (NEW.password_hash IS DISTINCT FROM OLD.password_hash OR (OLD.is_active AND NOT NEW.is_active)) EXECUTE FUNCTION "admin_users_end_sessions"();
