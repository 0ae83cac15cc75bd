ALTER TABLE "status_links" ADD COLUMN "item_id" text;--> statement-breakpoint
UPDATE "status_links" SET "item_id" = coalesce("application_id"::text, "contact_message_id"::text, "issue_report_id"::text, "playtest_signup_id"::text);--> statement-breakpoint
DELETE FROM "status_links" WHERE "item_id" IS NULL;--> statement-breakpoint
UPDATE "status_links" SET "kind" = 'issueReport' WHERE "kind" = 'issue';--> statement-breakpoint
CREATE INDEX "status_links_item_idx" ON "status_links" USING btree ("kind","item_id");
