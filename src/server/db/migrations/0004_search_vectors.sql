DROP INDEX "products_name_fts_idx";--> statement-breakpoint
DROP INDEX "requests_name_fts_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "name_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED;--> statement-breakpoint
CREATE INDEX "products_name_tsv_idx" ON "products" USING gin ("name_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "requests_name_tsv_idx" ON "requests" USING gin ("name_tsv") WITH (fastupdate=false);