ALTER TABLE "products" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "address_id" integer;