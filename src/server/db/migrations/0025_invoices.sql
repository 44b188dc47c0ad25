CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer,
	"code" text,
	"fee_description" text,
	"cases" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"case_price" integer,
	"deposit" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"ordered_cases" integer,
	"ordered_units" integer,
	"posted_case_price" integer,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "invoice_lines_code_key" UNIQUE("invoice_id","code"),
	CONSTRAINT "invoice_lines_fee_key" UNIQUE("invoice_id","fee_description"),
	CONSTRAINT "invoice_lines_one_kind" CHECK (num_nonnulls("invoice_lines"."code", "invoice_lines"."fee_description") = 1),
	CONSTRAINT "invoice_lines_quantities" CHECK ("invoice_lines"."cases" between 0 and 9999 and "invoice_lines"."units" between 0 and 9999),
	CONSTRAINT "invoice_lines_case_price" CHECK ("invoice_lines"."case_price" is null or "invoice_lines"."case_price" between 0 and 99999999),
	CONSTRAINT "invoice_lines_deposit" CHECK ("invoice_lines"."deposit" between 0 and 99999999)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_num" text NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"flag_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_invoice_num_key" UNIQUE("invoice_num"),
	CONSTRAINT "invoices_due_date" CHECK ("invoices"."due_date" >= "invoices"."invoice_date")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_invoice_date_idx" ON "invoices" USING btree ("invoice_date");