CREATE TABLE "billing_plans" (
	"plan" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"yearly_price_cents" integer NOT NULL,
	"free_balance_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_plans_amounts_check" CHECK ("billing_plans"."monthly_price_cents" >= 0 and "billing_plans"."yearly_price_cents" >= 0 and "billing_plans"."free_balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organization_billing" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"unpaid_plan" text,
	"monthly" boolean DEFAULT true NOT NULL,
	"paid_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_organization_id_provider_pk" PRIMARY KEY("organization_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"method_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"pending_ref" text,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"plan" text,
	"monthly" boolean,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_prices" (
	"plan" text NOT NULL,
	"level" text NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "signature_prices_plan_level_pk" PRIMARY KEY("plan","level"),
	CONSTRAINT "signature_prices_check" CHECK ("signature_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "signing_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"pool" text NOT NULL,
	"payment_id" uuid,
	"refund_of" uuid,
	"idempotency_key" text,
	"line" integer,
	"reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_name_check" CHECK ("transactions"."name" in ('balance', 'signature_simple', 'signature_advanced', 'signature_qualified')),
	CONSTRAINT "transactions_pool_check" CHECK ("transactions"."pool" in ('free', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "organization_billing" ADD CONSTRAINT "organization_billing_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_setups" ADD CONSTRAINT "payment_setups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_prices" ADD CONSTRAINT "signature_prices_plan_billing_plans_plan_fk" FOREIGN KEY ("plan") REFERENCES "public"."billing_plans"("plan") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_active_idx" ON "payment_methods" USING btree ("organization_id") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "payment_setups_org_idx" ON "payment_setups" USING btree ("organization_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "transactions_org_idx" ON "transactions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_reference_idx" ON "transactions" USING btree ("organization_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_idx" ON "transactions" USING btree ("payment_id") WHERE payment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_refund_idx" ON "transactions" USING btree ("refund_of") WHERE refund_of is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_idx" ON "transactions" USING btree ("organization_id","idempotency_key","line") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE FUNCTION "transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The transactions ledger is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_no_update" BEFORE UPDATE ON "transactions" FOR EACH ROW EXECUTE FUNCTION "transactions_append_only"();--> statement-breakpoint
INSERT INTO "billing_plans" ("plan", "position", "monthly_price_cents", "yearly_price_cents", "free_balance_cents") VALUES
  ('personal', 0, 0, 0, 0),
  ('freemium', 1, 0, 0, 0),
  ('basic', 2, 900, 9000, 500),
  ('business', 3, 2900, 29000, 2000),
  ('enterprise', 4, 9900, 99000, 8000)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "signature_prices" ("plan", "level", "price_cents") VALUES
  ('personal', 'simple', 50), ('personal', 'advanced', 120), ('personal', 'qualified', 190),
  ('freemium', 'simple', 50), ('freemium', 'advanced', 120), ('freemium', 'qualified', 190),
  ('basic', 'simple', 45), ('basic', 'advanced', 100), ('basic', 'qualified', 160),
  ('business', 'simple', 40), ('business', 'advanced', 80), ('business', 'qualified', 130),
  ('enterprise', 'simple', 30), ('enterprise', 'advanced', 60), ('enterprise', 'qualified', 100)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "signing_methods" ("id", "name", "level", "position") VALUES
  ('ee-id-card', 'eID (EE)', 'qualified', 1),
  ('ee-mobile-id', 'Mobile-ID (EE)', 'qualified', 2),
  ('lt-mobile-id', 'Mobile-ID (LT)', 'qualified', 3),
  ('it-spid', 'SPID (IT)', 'advanced', 4),
  ('smart-id', 'Smart-ID', 'qualified', 5),
  ('lt-id-card', 'eID (LT)', 'qualified', 6),
  ('lv-id-card', 'eID (LV)', 'qualified', 7),
  ('fi-id-card', 'eID (FI)', 'qualified', 8),
  ('usb-token-1', 'USB token 1', 'qualified', 9),
  ('usb-token-2', 'USB token 2', 'qualified', 10),
  ('at-mobile-signature', 'Handy-Signatur (AT)', 'qualified', 11),
  ('lv-mobile-esignature', 'eParaksts Mobile (LV)', 'qualified', 12),
  ('email-sms', 'E-mail / SMS', 'simple', 13),
  ('fi-trust-network', 'FTN (FI)', 'advanced', 14),
  ('bg-evrotrust', 'Evrotrust', 'qualified', 15),
  ('cz-mojeid', 'MojeID (CZ)', 'advanced', 16),
  ('identity-provider', 'Google / Microsoft', 'simple', 17),
  ('se-bankid', 'BankID (SE)', 'advanced', 18),
  ('de-sign-me', 'D-Trust sign-me', 'qualified', 19),
  ('pt-chave-movel', 'Chave Móvel Digital (PT)', 'qualified', 20),
  ('dk-mitid', 'MitID (DK)', 'advanced', 21),
  ('no-bankid', 'BankID (NO)', 'advanced', 22),
  ('nl-verifai', 'Verifai', 'advanced', 23),
  ('nl-idin', 'iDIN (NL)', 'advanced', 24),
  ('se-freja-eid', 'Freja eID', 'advanced', 25),
  ('pl-simply-sign', 'SimplySign', 'qualified', 26),
  ('host-email-sms', '{host}', 'simple', 27),
  ('es-uanataca', 'Uanataca', 'qualified', 28)
ON CONFLICT DO NOTHING;
