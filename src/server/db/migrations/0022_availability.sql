CREATE TABLE "availability" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"cases" integer,
	"expected_date" date,
	"substitute_id" integer,
	CONSTRAINT "availability_status" CHECK ("availability"."status" in ('IN', 'LOW', 'OUT')),
	CONSTRAINT "availability_cases" CHECK ("availability"."cases" is null or "availability"."cases" >= 0)
);
--> statement-breakpoint
CREATE TABLE "availability_file" (
	"id" integer PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "availability_file_single_row" CHECK ("availability_file"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "customer_substitutions" (
	"customer_id" integer NOT NULL,
	"code" text NOT NULL,
	"preference" text NOT NULL,
	CONSTRAINT "customer_substitutions_customer_id_code_pk" PRIMARY KEY("customer_id","code"),
	CONSTRAINT "customer_substitutions_preference" CHECK ("customer_substitutions"."preference" in ('Allow', 'Never', 'CallMe'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitution" text DEFAULT 'Allow' NOT NULL;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_substitute_id_products_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_substitutions" ADD CONSTRAINT "customer_substitutions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_substitution" CHECK ("order_lines"."substitution" in ('Allow', 'Never', 'CallMe'));