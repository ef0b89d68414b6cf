ALTER TABLE "inbox_model_state" ADD COLUMN "stage" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
UPDATE "inbox_model_state" SET "stage" = 'ready' WHERE "ready";--> statement-breakpoint
ALTER TABLE "inbox_model_state" DROP COLUMN "ready";
