ALTER TABLE "messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dedup_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedup_key_unique" ON "messages" USING btree ("organization_id","dedup_key");