ALTER TABLE "faq_items" ADD COLUMN "games" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "genre" jsonb DEFAULT '{"en":"","fr":"","es":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "game" text;