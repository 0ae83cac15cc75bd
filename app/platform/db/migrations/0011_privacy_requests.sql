CREATE TABLE "privacy_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "privacy_links_email_idx" ON "privacy_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "privacy_links_expires_idx" ON "privacy_links" USING btree ("expires_at");