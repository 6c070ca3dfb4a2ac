CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"database" text NOT NULL,
	"archive" text NOT NULL,
	"bytes" bigint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"file_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_key_seq_pk" PRIMARY KEY("file_key","seq")
);
--> statement-breakpoint
CREATE TABLE "health_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"raised_at" timestamp with time zone,
	"detail" text,
	"notified_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at") WHERE "backups"."status" = 'done';