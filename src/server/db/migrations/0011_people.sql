CREATE TABLE "people" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"store_user_id" text NOT NULL,
	"status" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_pending" text,
	"totp_last_step" bigint,
	"recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_links" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"person_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"subject_name" text NOT NULL,
	"subject_email" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_links" ADD CONSTRAINT "person_links_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_idx" ON "people" USING btree (lower("email")) WHERE "people"."status" <> 'removed';--> statement-breakpoint
CREATE UNIQUE INDEX "people_store_user_idx" ON "people" USING btree ("store_user_id") WHERE "people"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "person_links_person_idx" ON "person_links" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "team_events_at_idx" ON "team_events" USING btree ("at");