CREATE TABLE "standing_order_lines" (
	"standing_order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"case_quantity" integer DEFAULT 0 NOT NULL,
	"unit_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "standing_order_lines_standing_order_id_code_pk" PRIMARY KEY("standing_order_id","code"),
	CONSTRAINT "standing_order_lines_quantities" CHECK ("standing_order_lines"."case_quantity" >= 0 and "standing_order_lines"."unit_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "standing_order_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"standing_order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"order_by" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"placing_until" timestamp with time zone,
	"outcome" text,
	"order_id" integer,
	"reason" text,
	"mailed_at" timestamp with time zone,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_error" text,
	CONSTRAINT "standing_order_runs_outcome" CHECK ("standing_order_runs"."outcome" is null or "standing_order_runs"."outcome" in ('placed', 'skipped', 'holiday', 'ordered', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "standing_order_skips" (
	"standing_order_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	CONSTRAINT "standing_order_skips_standing_order_id_delivery_date_pk" PRIMARY KEY("standing_order_id","delivery_date")
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"reference_po" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"saved_by" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standing_orders_weekdays" CHECK (cardinality("standing_orders"."weekdays") between 1 and 6 and "standing_orders"."weekdays" <@ '{1,2,3,4,5,6}'::smallint[]),
	CONSTRAINT "standing_orders_dates" CHECK ("standing_orders"."end_date" is null or "standing_orders"."end_date" >= "standing_orders"."start_date")
);
--> statement-breakpoint
ALTER TABLE "customer_types" ADD COLUMN "standing_order_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "standing_order_id" integer;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_runs" ADD CONSTRAINT "standing_order_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_skips" ADD CONSTRAINT "standing_order_skips_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_runs_claim_key" ON "standing_order_runs" USING btree ("standing_order_id","delivery_date");--> statement-breakpoint
CREATE INDEX "standing_order_runs_order_by_idx" ON "standing_order_runs" USING btree ("order_by");--> statement-breakpoint
CREATE INDEX "standing_orders_customer_idx" ON "standing_orders" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_types" ADD CONSTRAINT "customer_types_standing_order_hours" CHECK ("customer_types"."standing_order_hours" between 1 and 168);