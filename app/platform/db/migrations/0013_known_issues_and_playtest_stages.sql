CREATE TABLE "playtest_signup_stages" (
	"signup_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"session" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	CONSTRAINT "known_issues_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "stage" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "session" text;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "session_at" text;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "session_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "nda_version" integer;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "nda_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "nda_name" text;--> statement-breakpoint
ALTER TABLE "playtest_signups" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "status_links" ADD COLUMN "playtest_signup_id" uuid;--> statement-breakpoint
ALTER TABLE "playtest_signup_stages" ADD CONSTRAINT "playtest_signup_stages_signup_id_playtest_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."playtest_signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_issue_affected" ADD CONSTRAINT "known_issue_affected_known_issue_id_known_issues_id_fk" FOREIGN KEY ("known_issue_id") REFERENCES "public"."known_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playtest_signup_stages_signup_idx" ON "playtest_signup_stages" USING btree ("signup_id","at");--> statement-breakpoint
CREATE INDEX "known_issues_game_idx" ON "known_issues" USING btree ("game","published_on");--> statement-breakpoint
ALTER TABLE "status_links" ADD CONSTRAINT "status_links_playtest_signup_id_playtest_signups_id_fk" FOREIGN KEY ("playtest_signup_id") REFERENCES "public"."playtest_signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playtest_signups_session_idx" ON "playtest_signups" USING btree ("session","stage");--> statement-breakpoint
CREATE INDEX "playtest_signups_email_idx" ON "playtest_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "status_links_playtest_signup_idx" ON "status_links" USING btree ("playtest_signup_id");--> statement-breakpoint
-- Sign-ups invited before stages existed were invited to a session (the e-mail gave its date and time).
UPDATE "playtest_signups" SET "stage" = 'sessionInvited', "stage_changed_at" = "invited_at" WHERE "invited_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "playtest_signup_stages" ("signup_id", "stage", "at") SELECT "id", 'sessionInvited', "invited_at" FROM "playtest_signups" WHERE "invited_at" IS NOT NULL;
