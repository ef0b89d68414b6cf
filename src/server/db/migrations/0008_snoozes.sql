CREATE TABLE "snoozes" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"snoozed_by" text NOT NULL,
	"snoozed_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"shopper_after" timestamp with time zone NOT NULL,
	"woke_at" timestamp with time zone,
	"wake_reason" text
);
--> statement-breakpoint
CREATE INDEX "snoozes_due_idx" ON "snoozes" USING btree ("until") WHERE "snoozes"."woke_at" is null;