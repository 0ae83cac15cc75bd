CREATE TYPE "public"."account_platform" AS ENUM('steam', 'twitch', 'galaxy', 'ggp');--> statement-breakpoint
CREATE TABLE "account_platform_links" (
	"account_id" uuid NOT NULL,
	"platform" "account_platform" NOT NULL,
	"external_id" text NOT NULL,
	"display_name" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_platform_links_account_id_platform_pk" PRIMARY KEY("account_id","platform"),
	CONSTRAINT "account_platform_links_identity" UNIQUE("platform","external_id")
);
--> statement-breakpoint
CREATE TABLE "account_platform_states" (
	"hash" text PRIMARY KEY NOT NULL,
	"platform" "account_platform" NOT NULL,
	"purpose" text NOT NULL,
	"account_id" uuid,
	"code_verifier" text,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "openid_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_platform_links" ADD CONSTRAINT "account_platform_links_account_id_account_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_platform_states" ADD CONSTRAINT "account_platform_states_account_id_account_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_platform_states_expires_idx" ON "account_platform_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "openid_nonces_expires_idx" ON "openid_nonces" USING btree ("expires_at");