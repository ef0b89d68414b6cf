ALTER TABLE "conversations" ADD COLUMN "transcript_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "seen_from_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_created_at_idx" ON "conversations" USING btree ("created_at");