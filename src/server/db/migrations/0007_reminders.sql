CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"order_by" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sending_until" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "customer_types" ADD COLUMN "reminder_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_customer_delivery_date_key" ON "reminders" USING btree ("customer_id","delivery_date");--> statement-breakpoint
CREATE INDEX "reminders_delivery_date_idx" ON "reminders" USING btree ("delivery_date");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("next_attempt_at") WHERE "reminders"."sent_at" is null and "reminders"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "customer_types" ADD CONSTRAINT "customer_types_reminder_hours" CHECK ("customer_types"."reminder_hours" between 0 and 72);