CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"data" jsonb,
	"recipient" text NOT NULL,
	"subject" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"expires_at" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "payment_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text NOT NULL,
	"cause" text NOT NULL,
	"actor_id" integer,
	"provider_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_bucket_key_window_start_pk" PRIMARY KEY("bucket","key","window_start")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"cause" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"requested_by" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_amount_pence" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_log" ADD CONSTRAINT "payment_log_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_log" ADD CONSTRAINT "payment_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_log_payment_idx" ON "payment_log" USING btree ("payment_id","at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" <> 'succeeded';--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_attention_idx" ON "payments" USING btree ("attention_at") WHERE "payments"."attention" IS NOT NULL;--> statement-breakpoint
UPDATE "payment_lines" SET "held_until" = "payments"."held_until" FROM "payments" WHERE "payments"."id" = "payment_lines"."payment_id";--> statement-breakpoint
INSERT INTO "site_settings" ("key", "value") VALUES ('installation_id', to_jsonb(gen_random_uuid()::text)) ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
UPDATE "events" SET "booked" = (SELECT count(*)::int FROM "bookings" b WHERE b."event_id" = "events"."id"), "held" = (SELECT count(*)::int FROM "payment_lines" pl WHERE pl."event_id" = "events"."id" AND pl."state" = 'held');--> statement-breakpoint
UPDATE "events" SET "quantity" = "booked" + "held" WHERE "booked" + "held" > "quantity";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_places_check" CHECK ("events"."booked" >= 0 AND "events"."held" >= 0 AND "events"."booked" + "events"."held" <= "events"."quantity");
