CREATE TABLE "press_kits" (
	"slug" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"game" text,
	"archived" boolean NOT NULL,
	"updated_on" text NOT NULL,
	"sort" integer NOT NULL,
	"kit" jsonb NOT NULL,
	"files" jsonb NOT NULL
);
