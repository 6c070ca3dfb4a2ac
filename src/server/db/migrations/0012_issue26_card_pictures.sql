ALTER TABLE "events" ADD COLUMN "image_card" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "logo_card" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_card_stored_files_key_fk" FOREIGN KEY ("image_card") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_logo_card_stored_files_key_fk" FOREIGN KEY ("logo_card") REFERENCES "public"."stored_files"("key") ON DELETE set null ON UPDATE no action;