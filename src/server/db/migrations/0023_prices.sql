CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_type_id" integer,
	"customer_id" integer,
	"product_id" integer NOT NULL,
	"min_cases" integer DEFAULT 1 NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"case_price" integer NOT NULL,
	"unit_price" integer,
	"deposit_per_case" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prices_key" UNIQUE NULLS NOT DISTINCT("product_id","min_cases","from_date","customer_type_id","customer_id"),
	CONSTRAINT "prices_one_level" CHECK (num_nonnulls("prices"."customer_type_id", "prices"."customer_id") = 1),
	CONSTRAINT "prices_min_cases" CHECK ("prices"."min_cases" between 1 and 9999),
	CONSTRAINT "prices_period" CHECK ("prices"."to_date" is null or "prices"."to_date" >= "prices"."from_date"),
	CONSTRAINT "prices_case_price" CHECK ("prices"."case_price" between 1 and 99999999),
	CONSTRAINT "prices_unit_price" CHECK ("prices"."unit_price" is null or "prices"."unit_price" between 1 and 99999999),
	CONSTRAINT "prices_deposit" CHECK ("prices"."deposit_per_case" between 0 and 99999999)
);
--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prices_customer_id_idx" ON "prices" USING btree ("customer_id");