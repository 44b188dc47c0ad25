ALTER TABLE "orders" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_sending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mail_error" text;--> statement-breakpoint
CREATE INDEX "orders_mail_due_idx" ON "orders" USING btree ("mail_next_attempt_at") WHERE "orders"."mailed_at" is null and "orders"."mail_next_attempt_at" is not null;