ALTER TABLE "invites" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '14 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "responded_by" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_responded_by_accounts_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_token_hash_unique" UNIQUE("token_hash");