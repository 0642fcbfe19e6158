import type { Tx } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import type { ProcessRow, SigneeRow } from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { SIGNING_JOBS } from './common.ts';
import { mailAndRecord, signeeRecipients } from './round-mail.ts';

export interface RoundEndedNotice {
  doc: { id: string; organizationId: string; name: string };
  process: Pick<ProcessRow, 'id' | 'lang' | 'versionKey' | 'currentKey'>;
  signees: Pick<SigneeRow, 'id' | 'email' | 'givenName' | 'familyName' | 'language'>[];
  template: 'signing-cancelled' | 'signing-expired';
  senderName: string;
  now: Date;
}

/**
 * The tail of a round that has ended (cancelled or expired): every signee is e-mailed in their own language
 * (counted in the mail quota, never refused: the end has happened), each e-mail is an `emailed` audit
 * event, and the round's working files are queued for deletion.
 */
export async function noticeRoundEnded(
  tx: Tx,
  c: Pick<AppContext, 'clock' | 'config'>,
  { doc, process, signees, template, senderName, now }: RoundEndedNotice,
): Promise<void> {
  await reserveMailQuota(tx, c.clock, c.config.mail, {
    organizationId: doc.organizationId,
    recipients: signees.map((s) => s.email),
    enforce: false,
  });
  const place = { organizationId: doc.organizationId, documentId: doc.id, processId: process.id, at: now };
  for (const to of await signeeRecipients(tx, process, signees)) {
    await mailAndRecord(tx, c.clock, place, to, template, { documentName: doc.name, senderName });
  }
  const keys = [...new Set([process.versionKey, process.currentKey])];
  await enqueueJob(tx, SIGNING_JOBS.deleteBlobs, { keys }, { runAt: now, tenant: doc.organizationId });
}
