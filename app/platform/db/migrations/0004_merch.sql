CREATE TABLE "merch_products" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"title" jsonb NOT NULL,
	"price_amount" text NOT NULL,
	"currency" text NOT NULL,
	"image" text NOT NULL,
	"url" text
);
