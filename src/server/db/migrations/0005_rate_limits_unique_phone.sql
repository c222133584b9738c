CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- A number held by two accounts (possible before this index) stays with the account that verified it
-- first; the others lose it and verify again.
UPDATE "users" SET "phone_number" = NULL, "phone_verified_at" = NULL WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "phone_number" ORDER BY "phone_verified_at" NULLS LAST, "id") AS "rank"
		FROM "users" WHERE "phone_number" IS NOT NULL
	) AS "held" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_key" ON "users" USING btree ("phone_number");