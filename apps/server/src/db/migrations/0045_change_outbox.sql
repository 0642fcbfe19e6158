-- Migration 0044's triggers called pg_notify in the writing transaction, and PostgreSQL serializes the commits of
-- notifying transactions across the cluster (its notification lock is held through the commit's WAL flush): 50
-- writers of one row each fell to about a third of their transactions per second, and 150 of 2,600 with pgbench
-- (bench/notify-cost.bench.ts). The triggers now note each changed organization ('o:<id>') or account ('a:<id>')
-- once per transaction in an unlogged outbox, which takes no such lock and writes no WAL; the app relays what is
-- committed there (db/changes.ts: a delete that notifies each distinct tag, in a transaction of its own that writes
-- no WAL; every 100 ms on each listening connection, every 5 s on an idle pooled connection of each process so that
-- it never grows while nobody listens). A connection whose sinetti.change_delivery is
-- 'notify' (PGlite's one in-process connection, where no other commit can wait) notifies at once, as before.
-- Unlogged: a crash or a failover empties it, and every listener forgets its cached replies when its connection
-- is lost.
CREATE UNLOGGED TABLE "change_outbox" ("tag" text NOT NULL);--> statement-breakpoint
CREATE FUNCTION "sinetti_note_change"("tag" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('sinetti.changes_noted', true), '');
BEGIN
  IF current_setting('sinetti.change_delivery', true) = 'notify' THEN
    PERFORM pg_notify('sinetti_changes', tag);
  ELSIF position(';' || tag || ';' in noted) = 0 THEN
    INSERT INTO change_outbox (tag) VALUES (tag);
    -- Local: forgotten at the end of the transaction (and of a subtransaction rolled back with its row).
    PERFORM set_config('sinetti.changes_noted', noted || ';' || tag || ';', true);
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sinetti_changed_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM sinetti_note_change('o:' || OLD.organization_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM sinetti_note_change('o:' || NEW.organization_id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sinetti_changed_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM sinetti_note_change('a:' || OLD.account_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM sinetti_note_change('a:' || NEW.account_id::text); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sinetti_changed_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM sinetti_note_change(TG_ARGV[0] || ':' || OLD.id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM sinetti_note_change(TG_ARGV[0] || ':' || NEW.id::text); END IF;
  RETURN NULL;
END $$;
