-- Sign-ins are bound to the browser that started them (login CSRF). Attempts started before this
-- change have no binding and could never finish: drop them (they live 10 minutes anyway).
DELETE FROM "login_attempts";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "browser_hash" text NOT NULL;
