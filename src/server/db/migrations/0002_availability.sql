CREATE TABLE "availability" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"seen_at" timestamp with time zone,
	"last_assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
