CREATE TABLE "order_delivered_lines" (
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"units_per_case" integer DEFAULT 0 NOT NULL,
	"cases" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_delivered_lines_order_id_code_pk" PRIMARY KEY("order_id","code"),
	CONSTRAINT "order_delivered_lines_quantities" CHECK ("order_delivered_lines"."cases" >= 0 and "order_delivered_lines"."units" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_delivered_lines" ADD CONSTRAINT "order_delivered_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;