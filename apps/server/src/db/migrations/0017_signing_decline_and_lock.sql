CREATE TABLE "signing_waiters" (
	"process_id" uuid NOT NULL,
	"signee_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "signing_waiters_process_id_signee_id_pk" PRIMARY KEY("process_id","signee_id")
);
--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "declined_by" uuid;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_waiters" ADD CONSTRAINT "signing_waiters_process_id_signing_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."signing_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_waiters" ADD CONSTRAINT "signing_waiters_signee_id_signees_id_fk" FOREIGN KEY ("signee_id") REFERENCES "public"."signees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD CONSTRAINT "signing_processes_declined_by_signees_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."signees"("id") ON DELETE set null ON UPDATE no action;