ALTER TABLE "refunds" ADD COLUMN "resolved_by_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider_refund_id");