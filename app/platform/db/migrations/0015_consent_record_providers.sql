-- docs/decisions/0042: each record carries the effective revision its choice was made under
-- (the policy's revision, plus a digest of the outside providers' origins when any), the
-- origins it covered and whether the request carried Global Privacy Control. Records made
-- before had no outside provider counted: their effective revision is their revision.
ALTER TABLE "consent_records" ADD COLUMN "effective_revision" text;--> statement-breakpoint
UPDATE "consent_records" SET "effective_revision" = "revision"::text;--> statement-breakpoint
ALTER TABLE "consent_records" ALTER COLUMN "effective_revision" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "providers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "gpc" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Under 0020 the signal was recorded (`gpc`) once, before the first choice of a browser that
-- sent it: a grant after it was the visitor's explicit accept over the signal, which stands.
UPDATE "consent_records" AS "r" SET "gpc" = true
WHERE "r"."analytics" AND "r"."method" <> 'gpc' AND EXISTS (
  SELECT 1 FROM "consent_records" AS "g"
  WHERE "g"."consent_id" = "r"."consent_id" AND "g"."method" = 'gpc' AND "g"."created_at" < "r"."created_at"
);
