CREATE TABLE "link_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_requests" ADD CONSTRAINT "link_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_requests_pending_pair_idx" ON "link_requests" USING btree (least("requester_id", "target_id"),greatest("requester_id", "target_id")) WHERE "link_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "link_requests_status_created_idx" ON "link_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "link_requests_requester_idx" ON "link_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "link_requests_target_idx" ON "link_requests" USING btree ("target_id");