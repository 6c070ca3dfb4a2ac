CREATE TABLE "erased_racers" (
	"racer_id" text PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "erased_racers_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;