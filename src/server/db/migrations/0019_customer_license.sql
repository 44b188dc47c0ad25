ALTER TABLE "customers" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "license_expires" date;