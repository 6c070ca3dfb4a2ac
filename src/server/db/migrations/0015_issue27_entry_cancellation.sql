ALTER TABLE "events" ADD COLUMN "cancel_until" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_until_time" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_fee_pence" integer DEFAULT 0 NOT NULL;