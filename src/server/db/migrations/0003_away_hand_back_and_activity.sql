ALTER TABLE "availability" ADD COLUMN "away_hand_back" text DEFAULT 'ask' NOT NULL;--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "active_at" timestamp with time zone;