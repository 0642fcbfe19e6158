-- Replies cached in the API processes (http/reply-cache.ts) are dropped when what they were read from changes:
-- each change to the tables they read notifies the channel sinetti_changes, after commit, with the organization
-- ('o:<id>') or the account ('a:<id>') it concerns. PostgreSQL sends one notification per distinct payload of a
-- transaction, so a statement that changes many rows of one organization notifies once.
CREATE FUNCTION "sinetti_changed_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('sinetti_changes', 'o:' || OLD.organization_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('sinetti_changes', 'o:' || NEW.organization_id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "sinetti_changed_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('sinetti_changes', 'a:' || OLD.account_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('sinetti_changes', 'a:' || NEW.account_id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- For the organizations ('o') and accounts ('a') tables themselves: the row's own id.
CREATE FUNCTION "sinetti_changed_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('sinetti_changes', TG_ARGV[0] || ':' || OLD.id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('sinetti_changes', TG_ARGV[0] || ':' || NEW.id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_notify" AFTER INSERT OR UPDATE OR DELETE ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_organization"();--> statement-breakpoint
CREATE TRIGGER "document_roles_notify" AFTER INSERT OR UPDATE OR DELETE ON "document_roles"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_organization"();--> statement-breakpoint
CREATE TRIGGER "document_counts_notify" AFTER INSERT OR UPDATE OR DELETE ON "document_counts"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_organization"();--> statement-breakpoint
CREATE TRIGGER "roles_notify" AFTER INSERT OR UPDATE OR DELETE ON "roles"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_organization"();--> statement-breakpoint
CREATE TRIGGER "role_assignments_notify" AFTER INSERT OR UPDATE OR DELETE ON "role_assignments"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_organization"();--> statement-breakpoint
CREATE TRIGGER "role_assignments_notify_account" AFTER INSERT OR UPDATE OR DELETE ON "role_assignments"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_account"();--> statement-breakpoint
CREATE TRIGGER "memberships_notify" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_organization"();--> statement-breakpoint
CREATE TRIGGER "memberships_notify_account" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_account"();--> statement-breakpoint
-- A session's own changes that a cached reply depends on: its end (sign-out), its account, key and token. Not its
-- creation (nothing is cached for it yet) nor the touch of last_used_at every 30 s of use (a cached reply lives 5 s,
-- far less than the idle time-out): a notifying commit takes a lock that serializes such commits cluster-wide.
CREATE TRIGGER "sessions_notify" AFTER UPDATE OF "ended_at", "account_id", "api_key_id", "token_hash" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_account"();--> statement-breakpoint
CREATE TRIGGER "organizations_notify" AFTER INSERT OR UPDATE OR DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_row"('o');--> statement-breakpoint
CREATE TRIGGER "accounts_notify" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "sinetti_changed_row"('a');
