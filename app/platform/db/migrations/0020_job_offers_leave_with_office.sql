ALTER TABLE "job_offers" DROP CONSTRAINT "job_offers_office_id_offices_id_fk";
--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;