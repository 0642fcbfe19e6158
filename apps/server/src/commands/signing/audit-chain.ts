import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { signingChainBackfill, signingEvents } from '../../db/schema/index.ts';
import { webhookOfSigningEvent } from '../webhook-events.ts';
import { anchorChainHead, anchorMacValid, type ChainAnchor } from './audit-anchor.ts';

export type SigningEventRow = typeof signingEvents.$inferSelect;

/** Events of the signing audit trail (SPEC §4.2, ARCHITECTURE "Data"). */
export type SigningEventType =
  | 'sent'
  | 'emailed'
  | 'opened'
  | 'viewed'
  | 'code-sent'
  | 'code-verified'
  | 'code-failed'
  /** An eID (or the QTSP's certificate) identified the signee; the provider's signed assertion is the evidence. */
  | 'identified'
  | 'session-expired'
  | 'session-idle'
  | 'signed'
  | 'cancelled'
  | 'declined'
  /** The sender (or the automatic reminder job) e-mailed a signee a reminder. */
  | 'signee.reminded'
  /** The round passed its expiry day unfinished and ended (refunded as on cancel). */
  | 'round.expired'
  | 'failed'
  | 'completed'
  | 'downloaded'
  /** A new DSS and document time-stamp appended to the signed file (archive-timestamp.ts): old and new hash. */
  | 'archive-timestamped';

/**
 * Who did it, from where. A member acts with a session; a signee with a link; the system in jobs; a
 * visitor with a share link (its id is the link's; issue 13 item 5).
 */
export interface EventActor {
  kind: 'member' | 'signee' | 'system' | 'visitor';
  id: string | null;
  label: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const systemActor: EventActor = {
  kind: 'system',
  id: null,
  label: 'Sinetti',
  ip: null,
  userAgent: null,
};

export interface SigningEventInput {
  organizationId: string;
  documentId: string;
  processId?: string | null;
  signeeId?: string | null;
  type: SigningEventType;
  at: Date;
  actor: EventActor;
  data?: Record<string, unknown>;
}

/** The hash before the first event of a document. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

type Hashed = Omit<SigningEventRow, 'id' | 'hash'>;

/** The canonical content of an event: every column but its own id and hash. */
function contentOf(e: Hashed): string {
  return canonicalJson({
    organizationId: e.organizationId,
    documentId: e.documentId,
    processId: e.processId,
    signeeId: e.signeeId,
    seq: e.seq,
    type: e.type,
    at: e.at.toISOString(),
    actorKind: e.actorKind,
    actorId: e.actorId,
    actorLabel: e.actorLabel,
    ip: e.ip,
    userAgent: e.userAgent,
    data: e.data,
  });
}

export function hashEvent(e: Hashed): string {
  return createHash('sha256').update(e.prevHash).update('\n').update(contentOf(e)).digest('hex');
}

/**
 * Appends one event to the document's chain: under a per-document lock (held to the end of the
 * transaction), it links to the last event's hash. Call it in the transaction of the change it records.
 */
export async function appendSigningEvent(tx: DbOrTx, input: SigningEventInput): Promise<SigningEventRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signing.events:${input.documentId}`}))`);
  const [last] = await tx
    .select({ seq: signingEvents.seq, hash: signingEvents.hash })
    .from(signingEvents)
    .where(eq(signingEvents.documentId, input.documentId))
    .orderBy(desc(signingEvents.seq))
    .limit(1);
  const row: Hashed = {
    organizationId: input.organizationId,
    documentId: input.documentId,
    processId: input.processId ?? null,
    signeeId: input.signeeId ?? null,
    seq: (last?.seq ?? 0) + 1,
    type: input.type,
    at: input.at,
    actorKind: input.actor.kind,
    actorId: input.actor.id,
    actorLabel: input.actor.label,
    ip: input.actor.ip,
    userAgent: input.actor.userAgent?.slice(0, 500) ?? null,
    data: input.data ?? {},
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const [inserted] = await tx
    .insert(signingEvents)
    .values({ ...row, hash: hashEvent(row) })
    .returning();
  if (!inserted) throw new Error('The audit event was not stored.');
  await anchorChainHead(tx, inserted, input.at);
  await webhookOfSigningEvent(tx, inserted);
  return inserted;
}

export interface ChainCheck {
  valid: boolean;
  length: number;
  brokenAt: number | null;
  reason: string | null;
}

/**
 * Checks a document's events (in seq order) and its anchor: numbered 1, 2, 3…, each linked to the
 * previous hash, each hash matching its content, and the last one being the head that the anchor's
 * keyed MAC vouches for. Any edited, removed or reordered row breaks it, also when the writer rehashed
 * every row after the one it changed (the new head has no valid MAC).
 */
export function verifyChain(events: readonly SigningEventRow[], anchor: ChainAnchor | null): ChainCheck {
  const links = verifyLinks(events);
  if (!links.valid || events.length === 0) return links;
  const head = events[events.length - 1]!;
  const broken = (reason: string): ChainCheck => ({
    valid: false,
    length: events.length,
    brokenAt: Math.min(head.seq, anchor?.seq ?? head.seq),
    reason,
  });
  if (!anchor) return broken('The chain has no keyed anchor.');
  if (!anchorMacValid(anchor)) return broken('The chain anchor is not signed by this instance.');
  if (anchor.seq !== head.seq || anchor.hash !== head.hash) {
    return broken(`The chain does not end at the anchored event ${anchor.seq}.`);
  }
  return links;
}

/** The unkeyed part of verifyChain: numbering, links and hashes only. */
function verifyLinks(events: readonly SigningEventRow[]): ChainCheck {
  let prev = GENESIS_HASH;
  for (const [i, e] of events.entries()) {
    const broken = (reason: string): ChainCheck => ({
      valid: false,
      length: events.length,
      brokenAt: e.seq,
      reason,
    });
    if (e.seq !== i + 1) return broken(`Event ${i + 1} is missing.`);
    if (e.prevHash !== prev) return broken(`Event ${e.seq} does not follow the event before it.`);
    if (hashEvent(e) !== e.hash) return broken(`Event ${e.seq} was changed after it was recorded.`);
    prev = e.hash;
  }
  return { valid: true, length: events.length, brokenAt: null, reason: null };
}

/**
 * Anchors the chains recorded before anchors existed (listed once by their migration) whose links still
 * verify; a chain that no longer verifies stays unanchored and so reports as broken. Runs at start.
 */
export async function anchorLegacyChains(db: Db, now: Date): Promise<number> {
  const pending = await db.select().from(signingChainBackfill);
  let anchored = 0;
  for (const { documentId } of pending) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signing.events:${documentId}`}))`);
      const events = await tx
        .select()
        .from(signingEvents)
        .where(eq(signingEvents.documentId, documentId))
        .orderBy(asc(signingEvents.seq));
      const head = events[events.length - 1];
      if (head && verifyLinks(events).valid) {
        await anchorChainHead(tx, head, now);
        anchored++;
      }
      await tx.delete(signingChainBackfill).where(eq(signingChainBackfill.documentId, documentId));
    });
  }
  return anchored;
}
