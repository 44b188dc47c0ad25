CREATE SEQUENCE "public"."web_order_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"start_date" date,
	"end_date" date,
	"order_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lead_hours" integer DEFAULT 24 NOT NULL,
	"cutoff_hours" integer DEFAULT 16 NOT NULL,
	"cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	CONSTRAINT "customer_types_id_positive" CHECK ("customer_types"."id" > 0),
	CONSTRAINT "customer_types_lead_hours" CHECK ("customer_types"."lead_hours" between 0 and 720),
	CONSTRAINT "customer_types_cutoff_hours" CHECK ("customer_types"."cutoff_hours" between 0 and 23),
	CONSTRAINT "customer_types_cutoff_minutes" CHECK ("customer_types"."cutoff_minutes" between 0 and 59)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"zipcode" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "customers_company_id_range" CHECK ("customers"."company_id" between 1 and 9999),
	CONSTRAINT "customers_zipcode_range" CHECK ("customers"."zipcode" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"customer_type_id" integer DEFAULT 0 NOT NULL,
	"message" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"units_per_case" integer DEFAULT 1 NOT NULL,
	"case_quantity" integer DEFAULT 0 NOT NULL,
	"unit_quantity" integer DEFAULT 0 NOT NULL,
	"is_case_only" boolean DEFAULT true NOT NULL,
	CONSTRAINT "order_lines_quantities" CHECK ("order_lines"."case_quantity" >= 0 and "order_lines"."unit_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_num" text NOT NULL,
	"source" text NOT NULL,
	"order_type" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_date" date NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"reference_po" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"exported_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"is_case_only" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"unit_uom" text DEFAULT '' NOT NULL,
	"case_uom" text DEFAULT '' NOT NULL,
	CONSTRAINT "products_type_range" CHECK ("products"."type" in (0, 1, 2)),
	CONSTRAINT "products_units_positive" CHECK ("products"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "customer_products" ADD CONSTRAINT "customer_products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_products" ADD CONSTRAINT "customer_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_user_name_key" ON "admin_users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_products_customer_product_key" ON "customer_products" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE INDEX "customer_products_product_id_idx" ON "customer_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_id_key" ON "customers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customers_customer_type_id_idx" ON "customers" USING btree ("customer_type_id");--> statement-breakpoint
CREATE INDEX "messages_dates_idx" ON "messages" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_code_key" ON "order_lines" USING btree ("order_id","code");--> statement-breakpoint
CREATE INDEX "order_lines_product_id_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_num_key" ON "orders" USING btree ("order_num");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_idempotency_key" ON "orders" USING btree ("customer_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_customer_create_date_idx" ON "orders" USING btree ("customer_id","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_customer_delivery_date_idx" ON "orders" USING btree ("customer_id","delivery_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_source_create_date_idx" ON "orders" USING btree ("source","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");