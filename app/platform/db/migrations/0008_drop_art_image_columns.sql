ALTER TABLE "games" DROP COLUMN "image";--> statement-breakpoint
ALTER TABLE "offices" DROP COLUMN "image";