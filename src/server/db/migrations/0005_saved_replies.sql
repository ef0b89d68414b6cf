CREATE TABLE "saved_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"shortcut" text,
	"text" text NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" text NOT NULL,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_shortcut_idx" ON "saved_replies" USING btree ("shortcut");