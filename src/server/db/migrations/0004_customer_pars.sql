CREATE TABLE "customer_pars" (
	"customer_id" integer NOT NULL,
	"code" text NOT NULL,
	"par" integer NOT NULL,
	CONSTRAINT "customer_pars_customer_id_code_pk" PRIMARY KEY("customer_id","code"),
	CONSTRAINT "customer_pars_par_range" CHECK ("customer_pars"."par" between 0 and 9999)
);
--> statement-breakpoint
ALTER TABLE "customer_pars" ADD CONSTRAINT "customer_pars_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;