ALTER TABLE "admin_users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 022: a new zip code, a new password or deactivation ends every earlier session of
-- the account, whichever path wrote it (POST Customer, the customer import, POST User, SQL).
CREATE FUNCTION "customers_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.zipcode IS DISTINCT FROM OLD.zipcode OR (OLD.is_active AND NOT NEW.is_active) THEN
    NEW.session_version := greatest(NEW.session_version, OLD.session_version + 1);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_end_sessions" BEFORE UPDATE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "customers_end_sessions"();--> statement-breakpoint
CREATE FUNCTION "admin_users_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR (OLD.is_active AND NOT NEW.is_active) THEN
    NEW.session_version := greatest(NEW.session_version, OLD.session_version + 1);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "admin_users_end_sessions" BEFORE UPDATE ON "admin_users"
  FOR EACH ROW EXECUTE FUNCTION "admin_users_end_sessions"();
