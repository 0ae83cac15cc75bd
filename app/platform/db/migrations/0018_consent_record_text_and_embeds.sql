ALTER TABLE "consent_records" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "text_version" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "embeds" text[] DEFAULT '{}'::text[] NOT NULL;