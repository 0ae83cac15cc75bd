ALTER TABLE "games" ADD COLUMN "art" jsonb;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "art" jsonb;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "cover_art" jsonb;