CREATE TABLE "race_links" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"results_year" integer NOT NULL,
	"results_club" text NOT NULL,
	"first_bib" integer DEFAULT 1 NOT NULL,
	"reserved" text DEFAULT '' NOT NULL,
	"allocation_order" text DEFAULT 'category' NOT NULL,
	"linked_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_links_first_bib_check" CHECK ("race_links"."first_bib" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "start_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bib" integer NOT NULL,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "start_numbers_bib_check" CHECK ("start_numbers"."bib" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "original" text;--> statement-breakpoint
ALTER TABLE "race_links" ADD CONSTRAINT "race_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_links" ADD CONSTRAINT "race_links_linked_by_id_users_id_fk" FOREIGN KEY ("linked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_numbers" ADD CONSTRAINT "start_numbers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_numbers" ADD CONSTRAINT "start_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_links_club_race_idx" ON "race_links" USING btree ("results_year","results_club");--> statement-breakpoint
CREATE UNIQUE INDEX "start_numbers_event_bib_idx" ON "start_numbers" USING btree ("event_id","bib");--> statement-breakpoint
CREATE UNIQUE INDEX "start_numbers_event_user_idx" ON "start_numbers" USING btree ("event_id","user_id");