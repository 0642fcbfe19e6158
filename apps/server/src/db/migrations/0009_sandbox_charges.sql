CREATE TABLE "sandbox_charges" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"provider_ref" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
