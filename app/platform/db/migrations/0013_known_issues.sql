CREATE TABLE "known_issue_affected" (
	"known_issue_id" integer NOT NULL,
	"visitor_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_issue_affected_known_issue_id_visitor_hash_pk" PRIMARY KEY("known_issue_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "known_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"game" text NOT NULL,
	"platforms" jsonb,
	"status" text NOT NULL,
	"patch" text,
	"published_on" text NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"affected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "known_issues_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "known_issue_affected" ADD CONSTRAINT "known_issue_affected_known_issue_id_known_issues_id_fk" FOREIGN KEY ("known_issue_id") REFERENCES "public"."known_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_issues_game_idx" ON "known_issues" USING btree ("game","published_on");