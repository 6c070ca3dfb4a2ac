CREATE TABLE "payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"price_pence" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"booking_id" integer
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"provider_status" text,
	"held_until" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"capture_reference" text,
	"refund_due_pence" integer DEFAULT 0 NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"refund_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_payment_event_participant_idx" ON "payment_lines" USING btree ("payment_id","event_id","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_one_hold_idx" ON "payment_lines" USING btree ("event_id","participant_id") WHERE "payment_lines"."state" = 'held';--> statement-breakpoint
CREATE INDEX "payment_lines_event_idx" ON "payment_lines" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_started_idx" ON "payments" USING btree ("held_until") WHERE "payments"."status" = 'started';