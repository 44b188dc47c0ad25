CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"transports" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_people" (
	"person_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"role" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "venue_people_person_id_customer_id_pk" PRIMARY KEY("person_id","customer_id"),
	CONSTRAINT "venue_people_role" CHECK ("venue_people"."role" in ('Owner', 'Orderer', 'Counter'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shared_sign_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_people" ADD CONSTRAINT "venue_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_people" ADD CONSTRAINT "venue_people_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_customer_id_idx" ON "invitations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "passkeys_person_id_idx" ON "passkeys" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "people" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "venue_people_customer_id_idx" ON "venue_people" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_person_id_idx" ON "sessions" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_at_venue" CHECK ("sessions"."person_id" is null or "sessions"."customer_id" is not null);--> statement-breakpoint
-- Decision 068: a new zip code or turning the shared sign-in off ends the shared sign-in's
-- sessions only (people keep theirs); deactivation ends every session at the venue.
CREATE OR REPLACE FUNCTION "customers_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active AND NOT NEW.is_active THEN
    DELETE FROM "sessions" WHERE "customer_id" = NEW.id;
  ELSE
    DELETE FROM "sessions" WHERE "customer_id" = NEW.id AND "person_id" IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "customers_end_sessions" ON "customers";--> statement-breakpoint
CREATE TRIGGER "customers_end_sessions" AFTER UPDATE ON "customers" FOR EACH ROW
  WHEN (NEW.zipcode IS DISTINCT FROM OLD.zipcode OR (OLD.is_active AND NOT NEW.is_active)
    OR (OLD.shared_sign_in AND NOT NEW.shared_sign_in)) EXECUTE FUNCTION "customers_end_sessions"();--> statement-breakpoint
-- Removing a person's access to a venue ends their sessions there, whichever path removed it.
CREATE FUNCTION "venue_people_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sessions" WHERE "person_id" = OLD.person_id AND "customer_id" = OLD.customer_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "venue_people_end_sessions" AFTER DELETE ON "venue_people" FOR EACH ROW
  EXECUTE FUNCTION "venue_people_end_sessions"();
