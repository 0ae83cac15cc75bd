ALTER TABLE "status_links" DROP CONSTRAINT "status_links_application_id_job_applications_id_fk";
--> statement-breakpoint
ALTER TABLE "status_links" DROP CONSTRAINT "status_links_contact_message_id_contact_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "status_links" DROP CONSTRAINT "status_links_issue_report_id_issue_reports_id_fk";
--> statement-breakpoint
ALTER TABLE "status_links" DROP CONSTRAINT "status_links_playtest_signup_id_playtest_signups_id_fk";
--> statement-breakpoint
DROP INDEX "status_links_application_idx";--> statement-breakpoint
DROP INDEX "status_links_contact_message_idx";--> statement-breakpoint
DROP INDEX "status_links_issue_report_idx";--> statement-breakpoint
DROP INDEX "status_links_playtest_signup_idx";--> statement-breakpoint
ALTER TABLE "status_links" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "status_links" DROP COLUMN "application_id";--> statement-breakpoint
ALTER TABLE "status_links" DROP COLUMN "contact_message_id";--> statement-breakpoint
ALTER TABLE "status_links" DROP COLUMN "issue_report_id";--> statement-breakpoint
ALTER TABLE "status_links" DROP COLUMN "playtest_signup_id";