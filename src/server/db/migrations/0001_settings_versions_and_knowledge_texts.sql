CREATE TABLE "config_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"version_at" timestamp with time zone NOT NULL,
	"config" jsonb NOT NULL,
	"source" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"kept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_texts" (
	"source_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "config_versions_version_idx" ON "config_versions" USING btree ("version");--> statement-breakpoint
CREATE INDEX "config_versions_order_idx" ON "config_versions" USING btree ("version_at","id");