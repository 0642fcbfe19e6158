CREATE TABLE "guide_progress" (
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"steps_done" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_progress_account_id_name_pk" PRIMARY KEY("account_id","name")
);
--> statement-breakpoint
ALTER TABLE "guide_progress" ADD CONSTRAINT "guide_progress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;