CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone_number" varchar(20) NOT NULL,
	"label" text NOT NULL,
	"detail" text NOT NULL,
	"country_id" integer NOT NULL,
	"province_id" integer,
	"city_id" integer,
	"sub_district_id" integer,
	"pos_code_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_bank" varchar(40) NOT NULL,
	"account_name" text NOT NULL,
	"account_number" varchar(34) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idn_cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"province_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idn_provinces" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idn_sub_districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pos_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_district_id" integer NOT NULL,
	"code" varchar(5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"from_arrival_date" date NOT NULL,
	"to_arrival_date" date NOT NULL,
	"from_delivery_date" date NOT NULL,
	"to_delivery_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_province_id_idn_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."idn_provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_id_idn_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."idn_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_sub_district_id_idn_sub_districts_id_fk" FOREIGN KEY ("sub_district_id") REFERENCES "public"."idn_sub_districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_pos_code_id_pos_codes_id_fk" FOREIGN KEY ("pos_code_id") REFERENCES "public"."pos_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idn_cities" ADD CONSTRAINT "idn_cities_province_id_idn_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."idn_provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idn_sub_districts" ADD CONSTRAINT "idn_sub_districts_city_id_idn_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."idn_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_codes" ADD CONSTRAINT "pos_codes_sub_district_id_idn_sub_districts_id_fk" FOREIGN KEY ("sub_district_id") REFERENCES "public"."idn_sub_districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_changes" ADD CONSTRAINT "trip_changes_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idn_cities_province_idx" ON "idn_cities" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "idn_sub_districts_city_idx" ON "idn_sub_districts" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "phone_verifications_user_idx" ON "phone_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_codes_sub_district_code_key" ON "pos_codes" USING btree ("sub_district_id","code");--> statement-breakpoint
CREATE INDEX "trip_changes_trip_idx" ON "trip_changes" USING btree ("trip_id");