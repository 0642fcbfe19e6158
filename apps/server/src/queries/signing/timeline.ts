import type { SigneeTimeline, TimelineEntry } from '@sinetti/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingEvents } from '../../db/schema/index.ts';
import type { DocumentAccess } from '../../policies/documents.ts';
import { latestProcessOf } from './signees.ts';

/**
 * Audit events that are bookkeeping rather than a signee's progress: deliveries, code mails and failed
 * tries, session ends, downloads, and the round's own end. Every other event about a signee is shown
 * (kinds added later, such as a decline or a reminder, appear without a change here).
 */
const NOT_PROGRESS = new Set([
  'emailed',
  'code-sent',
  'code-failed',
  'session-expired',
  'downloaded',
  'completed',
  'cancelled',
  'failed',
]);

interface EventLike {
  type: string;
  at: Date;
  signeeId: string | null;
  data: Record<string, unknown>;
}

/** The signees an event is about: its own signee, or those listed in its data (the 'sent' event). */
function signeesOf(e: EventLike): string[] {
  if (e.signeeId) return [e.signeeId];
  const listed = e.data['signees'];
  if (!Array.isArray(listed)) return [];
  return listed
    .map((s: unknown) =>
      typeof s === 'string' ? s : s && typeof s === 'object' ? (s as { id?: unknown }).id : null,
    )
    .filter((id): id is string => typeof id === 'string');
}

/**
 * Each signee's timeline from a round's events (in seq order): progress events only, a repeat of the
 * previous entry's type folded into it.
 */
export function buildTimelines(events: readonly EventLike[]): Map<string, TimelineEntry[]> {
  const out = new Map<string, TimelineEntry[]>();
  for (const e of events) {
    if (NOT_PROGRESS.has(e.type)) continue;
    const at = e.at.toISOString();
    for (const id of signeesOf(e)) {
      const list = out.get(id) ?? [];
      const last = list[list.length - 1];
      if (last?.type === e.type) {
        last.lastAt = at;
        last.count++;
      } else list.push({ type: e.type, at, lastAt: at, count: 1 });
      out.set(id, list);
    }
  }
  return out;
}

/** The signees' timelines of the document's latest round (none before it is first sent). */
export async function signeeTimelines(db: DbOrTx, doc: DocumentAccess): Promise<SigneeTimeline[]> {
  const process = await latestProcessOf(db, doc);
  if (!process) return [];
  const rows = await db
    .select({
      type: signingEvents.type,
      at: signingEvents.at,
      signeeId: signingEvents.signeeId,
      data: signingEvents.data,
    })
    .from(signingEvents)
    .where(and(eq(signingEvents.documentId, doc.id), eq(signingEvents.processId, process.id)))
    .orderBy(asc(signingEvents.seq));
  return [...buildTimelines(rows)].map(([signeeId, events]) => ({ signeeId, events }));
}
