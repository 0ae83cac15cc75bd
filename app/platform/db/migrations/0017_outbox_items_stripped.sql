ALTER TABLE "outbox_emails" ALTER COLUMN "to" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "item_kind" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "recipient_hash" text;--> statement-breakpoint
CREATE INDEX "outbox_item_idx" ON "outbox_emails" USING btree ("item_kind","item_id");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Data, hand-written (docs/decisions/0047-outbox-keeps-no-copy.md). It runs after the columns
-- above exist and BEFORE the check constraint below, which the rows delivered until now fail:
-- keep it between the two if this file is generated again.
--
-- 1. Every row gets its recipient's hash, as `recipientHash` (app/platform/mail/outbox.server.ts)
--    computes it: SHA-256, in hex, of the address trimmed and lower-cased.
UPDATE "outbox_emails" SET "recipient_hash" = encode(sha256(convert_to(lower(btrim("to")), 'UTF8')), 'hex');--> statement-breakpoint
-- 2. Each row is tied to the item it is about where that can be told: the item's id in its text
--    (the teams' copies, the alerts' management links), a report's reference in an e-mail to its
--    reporter, the only item of its feature sent from the recipient's address (from its Reply-To
--    for the team's copy of a contact message), the account of an account e-mail's address, the
--    address itself for the lost status links, the data-rights link whose token it carries. The
--    other rows keep no item: they go at the outbox's maximum age (purgeOldEmails).
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'application', "item_id" = "a"."id"::text
FROM "job_applications" AS "a"
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'job-application%' AND position("a"."id"::text IN "o"."text") > 0;--> statement-breakpoint
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'application', "item_id" = (
  SELECT "a"."id"::text FROM "job_applications" AS "a" WHERE lower("a"."email") = lower("o"."to"))
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'job-application%'
  AND (SELECT count(*) FROM "job_applications" AS "a" WHERE lower("a"."email") = lower("o"."to")) = 1;--> statement-breakpoint
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'contact', "item_id" = (
  SELECT "m"."id"::text FROM "contact_messages" AS "m"
  WHERE lower("m"."email") = lower(coalesce("o"."headers"->>'Reply-To', "o"."to")))
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'contact-%'
  AND (SELECT count(*) FROM "contact_messages" AS "m"
    WHERE lower("m"."email") = lower(coalesce("o"."headers"->>'Reply-To', "o"."to"))) = 1;--> statement-breakpoint
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'issueReport', "item_id" = "r"."id"::text
FROM "issue_reports" AS "r"
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'issue-report%'
  AND (position("r"."id"::text IN "o"."text") > 0
    OR (lower("r"."email") = lower("o"."to") AND position(upper(left("r"."id"::text, 8)) IN "o"."text") > 0));--> statement-breakpoint
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'playtest', "item_id" = (
  SELECT "s"."id"::text FROM "playtest_signups" AS "s" WHERE lower("s"."email") = lower("o"."to"))
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'playtest-%'
  AND (SELECT count(*) FROM "playtest_signups" AS "s" WHERE lower("s"."email") = lower("o"."to")) = 1;--> statement-breakpoint
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'alert', "item_id" = "j"."id"::text
FROM "job_alerts" AS "j"
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'alert-%' AND position("j"."id"::text IN "o"."text") > 0;--> statement-breakpoint
UPDATE "outbox_emails" AS "o" SET "item_kind" = 'account', "item_id" = "u"."id"::text
FROM "account_users" AS "u"
WHERE "o"."item_kind" IS NULL AND "o"."kind" LIKE 'account-%' AND "u"."email" = lower(btrim("o"."to"));--> statement-breakpoint
UPDATE "outbox_emails" SET "item_kind" = 'address', "item_id" = "recipient_hash"
WHERE "item_kind" IS NULL AND "kind" = 'status-links';--> statement-breakpoint
UPDATE "outbox_emails" SET "item_kind" = 'privacy-link',
  "item_id" = encode(sha256(convert_to(substring("text" FROM '/privacy/requests/([A-Za-z0-9_-]{43})'), 'UTF8')), 'hex')
WHERE "item_kind" IS NULL AND "kind" = 'privacy-link' AND "text" ~ '/privacy/requests/[A-Za-z0-9_-]{43}';--> statement-breakpoint
-- 3. Rows delivered or given up keep no copy: recipient, texts, headers and attachments go, and
--    the address leaves the last error too.
UPDATE "outbox_emails" SET "to" = NULL, "subject" = NULL, "html" = NULL, "text" = NULL,
  "headers" = '{}'::jsonb, "attachments" = '[]'::jsonb,
  "last_error" = replace(replace("last_error", "to", '<recipient>'), lower("to"), '<recipient>')
WHERE "status" <> 'pending';--> statement-breakpoint
-- End of the data part.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_stripped_when_done" CHECK (case when "outbox_emails"."status" = 'pending'
        then "outbox_emails"."to" is not null and "outbox_emails"."subject" is not null and "outbox_emails"."html" is not null and "outbox_emails"."text" is not null
        else "outbox_emails"."to" is null and "outbox_emails"."subject" is null and "outbox_emails"."html" is null and "outbox_emails"."text" is null
          and "outbox_emails"."headers" = '{}'::jsonb and "outbox_emails"."attachments" = '[]'::jsonb and "outbox_emails"."recipient_hash" is not null
        end);