CREATE TABLE "waiting_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"mode" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"removed_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "waiting_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"racer_id" integer NOT NULL,
	"ord" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_places" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "waiting_places_kept_check" CHECK ("waiting_places"."kept" >= 0)
);
--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_members" ADD CONSTRAINT "waiting_members_entry_id_waiting_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_members" ADD CONSTRAINT "waiting_members_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_members" ADD CONSTRAINT "waiting_members_racer_id_users_id_fk" FOREIGN KEY ("racer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_places" ADD CONSTRAINT "waiting_places_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_entries_event_idx" ON "waiting_entries" USING btree ("event_id","state","created_at");--> statement-breakpoint
CREATE INDEX "waiting_entries_offer_idx" ON "waiting_entries" USING btree ("offer_ends_at") WHERE "waiting_entries"."state" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_members_live_idx" ON "waiting_members" USING btree ("event_id","racer_id") WHERE "waiting_members"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_members_entry_idx" ON "waiting_members" USING btree ("entry_id");