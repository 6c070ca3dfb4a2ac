CREATE TABLE "club_races" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_event_id" integer NOT NULL,
	"club_id" text NOT NULL,
	"club_name" text NOT NULL,
	"three_runs" boolean NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by_id" integer,
	"calculated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "race_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"date" date,
	"year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_race_id" integer NOT NULL,
	"line" integer,
	"racer_id" text NOT NULL,
	"name" text NOT NULL,
	"club" text NOT NULL,
	"gender" text NOT NULL,
	"cat" text NOT NULL,
	"time" text NOT NULL,
	"run_1" text NOT NULL,
	"run_2" text NOT NULL,
	"run_3" text NOT NULL,
	"manual_time" boolean DEFAULT false NOT NULL,
	"computed_time" text,
	"manual_by_id" integer,
	"manual_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "season_settings" (
	"year" integer PRIMARY KEY NOT NULL,
	"points_table" jsonb NOT NULL,
	"counting_races" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "club_races" ADD CONSTRAINT "club_races_race_event_id_race_events_id_fk" FOREIGN KEY ("race_event_id") REFERENCES "public"."race_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_races" ADD CONSTRAINT "club_races_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_club_race_id_club_races_id_fk" FOREIGN KEY ("club_race_id") REFERENCES "public"."club_races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_manual_by_id_users_id_fk" FOREIGN KEY ("manual_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_settings" ADD CONSTRAINT "season_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_races_event_club_idx" ON "club_races" USING btree ("race_event_id","club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "race_events_year_idx" ON "race_events" USING btree ("year");--> statement-breakpoint
CREATE INDEX "race_results_club_race_idx" ON "race_results" USING btree ("club_race_id");