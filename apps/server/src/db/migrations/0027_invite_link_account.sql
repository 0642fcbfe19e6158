ALTER TABLE "accounts" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "link_account_id" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_link_account_id_accounts_id_fk" FOREIGN KEY ("link_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;