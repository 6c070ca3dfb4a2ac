CREATE TABLE "event_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"file" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"date" date NOT NULL,
	"slope_name" text NOT NULL,
	"price_pence" integer DEFAULT 0 NOT NULL,
	"image" text,
	"logo" text,
	"url" text DEFAULT '' NOT NULL,
	"banner_message" text DEFAULT '' NOT NULL,
	"event_type" text NOT NULL,
	"registration_open" date,
	"registration_open_time" text,
	"registration_close" date,
	"registration_close_time" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slope_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_club_name" text NOT NULL,
	"slope_name" text NOT NULL,
	"slope_contact_number" text DEFAULT '' NOT NULL,
	"slope_website" text DEFAULT '' NOT NULL,
	"slope_email" text DEFAULT '' NOT NULL,
	"address_line_1" text DEFAULT '' NOT NULL,
	"address_line_2" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"slope_image" text,
	"slope_map" text
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position" text NOT NULL,
	"photo" text
);
--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_documents" ADD CONSTRAINT "event_documents_file_stored_files_key_fk" FOREIGN KEY ("file") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_stored_files_key_fk" FOREIGN KEY ("image") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_logo_stored_files_key_fk" FOREIGN KEY ("logo") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_documents" ADD CONSTRAINT "organization_documents_document_stored_files_key_fk" FOREIGN KEY ("document") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slope_info" ADD CONSTRAINT "slope_info_slope_image_stored_files_key_fk" FOREIGN KEY ("slope_image") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slope_info" ADD CONSTRAINT "slope_info_slope_map_stored_files_key_fk" FOREIGN KEY ("slope_map") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_photo_stored_files_key_fk" FOREIGN KEY ("photo") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date");