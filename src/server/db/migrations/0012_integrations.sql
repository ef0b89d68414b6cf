CREATE TABLE "integrations" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"url" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"last_looked_up_at" timestamp with time zone NOT NULL,
	"added_by" text NOT NULL,
	"added_by_name" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by_name" text,
	CONSTRAINT "integrations_kind_id_pk" PRIMARY KEY("kind","id")
);
