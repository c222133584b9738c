CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"account_bank" varchar(40) NOT NULL,
	"account_name" text NOT NULL,
	"account_number" varchar(34) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"provider" varchar(20) NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider_reference" varchar(100),
	"failure_reason" text,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_reference_key" ON "payouts" USING btree ("provider","provider_reference");