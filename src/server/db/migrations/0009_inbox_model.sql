CREATE TABLE "inbox_model_records" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_model_state" (
	"id" text PRIMARY KEY NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"checkpoint" jsonb
);
