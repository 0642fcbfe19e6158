import { DEFAULT_TIMEZONE, SIGNING_REMIND_INTERVAL_MS } from '@sinetti/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signees } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import type { ProcessRow, SigneeRow } from '../../queries/signing/signees.ts';
import { appendSigningEvent, type EventActor } from './audit-chain.ts';
import { issueSigneeLink, links } from './common.ts';
import { requesterOf } from './people.ts';
import { mailAndRecord, signeeRecipients } from './round-mail.ts';

/** When the signee may be reminded again (now or earlier: at once). */
export function remindableAt(signee: Pick<SigneeRow, 'remindedAt'>): Date {
  return new Date((signee.remindedAt?.getTime() ?? 0) + SIGNING_REMIND_INTERVAL_MS);
}

/** A Helsinki day as the recipient reads it (24.12.2026 / 24 December 2026). */
function dayText(at: Date, lang: 'en' | 'fi'): string {
  // The round ends at midnight that starts the next day: the day shown is the one before it.
  const lastDay = new Date(at.getTime() - 1);
  return new Intl.DateTimeFormat(lang === 'fi' ? 'fi-FI' : 'en-GB', {
    timeZone: DEFAULT_TIMEZONE,
    day: 'numeric',
    month: lang === 'fi' ? 'numeric' : 'long',
    year: 'numeric',
  }).format(lastDay);
}

/** The names a reminder carries: as the public pages name the requester, with fallbacks for e-mail. */
async function senderOf(
  tx: Tx,
  process: ProcessRow,
): Promise<{ senderName: string; organizationName: string }> {
  const names = await requesterOf(tx, process);
  const senderName = names.senderName ?? names.organizationName ?? 'Sinetti';
  return { senderName, organizationName: names.organizationName ?? senderName };
}

/**
 * E-mails each signee a reminder with a new link (and the sender's message), records when (the rate
 * limit reads it) and appends `signee.reminded` and `emailed` to the audit trail. The caller holds the
 * round's lock, has checked the signees are due and reserved the mail quota.
 */
export async function sendReminders(
  tx: Tx,
  c: Pick<AppContext, 'clock' | 'config'>,
  round: { doc: Pick<DocumentRow, 'id' | 'name' | 'organizationId'>; process: ProcessRow },
  list: readonly SigneeRow[],
  by: { actor: EventActor; automatic: boolean },
): Promise<void> {
  if (list.length === 0) return;
  const { doc, process } = round;
  const now = c.clock.now();
  const from = await senderOf(tx, process);
  await tx
    .update(signees)
    .set({ remindedAt: now })
    .where(
      inArray(
        signees.id,
        list.map((s) => s.id),
      ),
    );
  const place = { organizationId: doc.organizationId, documentId: doc.id, processId: process.id, at: now };
  for (const to of await signeeRecipients(tx, process, list)) {
    const token = await issueSigneeLink(tx, {
      signeeId: to.signeeId,
      processId: process.id,
      kind: 'request',
    });
    await appendSigningEvent(tx, {
      ...place,
      signeeId: to.signeeId,
      type: 'signee.reminded',
      actor: by.actor,
      data: { automatic: by.automatic, to: to.email },
    });
    await mailAndRecord(tx, c.clock, place, to, 'signing-reminder', {
      documentName: doc.name,
      ...from,
      link: links.sign(c, token),
      expiresOn: process.expiresAt ? dayText(process.expiresAt, to.lang) : '-',
      ...(process.message ? { message: process.message } : {}),
    });
  }
}
