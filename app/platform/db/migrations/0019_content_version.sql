CREATE TABLE "content_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"stamped_at" timestamp with time zone,
	"files" text NOT NULL,
	"format" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
