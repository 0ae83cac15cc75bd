CREATE TABLE "issue_report_stages" (
	"report_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD COLUMN "patch_key" text;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD COLUMN "info_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "status_links" ADD COLUMN "contact_message_id" uuid;--> statement-breakpoint
ALTER TABLE "status_links" ADD COLUMN "issue_report_id" uuid;--> statement-breakpoint
ALTER TABLE "issue_report_stages" ADD CONSTRAINT "issue_report_stages_report_id_issue_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."issue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_report_stages_report_idx" ON "issue_report_stages" USING btree ("report_id","at");--> statement-breakpoint
ALTER TABLE "status_links" ADD CONSTRAINT "status_links_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_links" ADD CONSTRAINT "status_links_issue_report_id_issue_reports_id_fk" FOREIGN KEY ("issue_report_id") REFERENCES "public"."issue_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_reports_status_idx" ON "issue_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "status_links_contact_message_idx" ON "status_links" USING btree ("contact_message_id");--> statement-breakpoint
CREATE INDEX "status_links_issue_report_idx" ON "status_links" USING btree ("issue_report_id");