import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { signeeLanguages, type SigneeLanguage } from '../../queries/signing/languages.ts';
import { enqueueMail, type MailData, type MailTemplate } from '../../services/mail/index.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { fullNameOf } from './common.ts';
import { accountContact } from './people.ts';

/** Where a round's e-mail is recorded: its `emailed` audit event belongs to this round at this time. */
export interface RoundMailPlace {
  organizationId: string;
  documentId: string;
  processId: string;
  at: Date;
}

/** Someone a round e-mails: one of its signees, or (no signeeId) the sender. */
export interface RoundRecipient {
  email: string;
  name: string;
  lang: SigneeLanguage;
  signeeId?: string;
}

export interface SigneeRecipient extends RoundRecipient {
  signeeId: string;
}

interface SigneeLike {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  /** The language the sender chose for the signee. */
  language: SigneeLanguage;
}

/**
 * The round's signees as recipients, each in the language they last chose on the signing pages,
 * else the one the sender chose for them (issue #31 item 2).
 */
export async function signeeRecipients(
  tx: DbOrTx,
  process: { id: string },
  list: readonly SigneeLike[],
): Promise<SigneeRecipient[]> {
  const langs = await signeeLanguages(tx, process.id);
  return list.map((s) => ({
    email: s.email,
    name: fullNameOf(s),
    lang: langs.get(s.id) ?? s.language,
    signeeId: s.id,
  }));
}

/**
 * Queues one e-mail of a signing round (sent when the transaction commits) and records it in the
 * round's audit trail as `emailed`, naming the template and address, and the sender's role when it
 * is not a signee. Every round e-mail goes through here, so the trail lists each one.
 */
export async function mailAndRecord<T extends MailTemplate>(
  tx: DbOrTx,
  clock: Clock,
  place: RoundMailPlace,
  to: RoundRecipient,
  template: T,
  data: MailData[T],
): Promise<void> {
  await enqueueMail(
    tx,
    clock,
    { to: to.email, toName: to.name, lang: to.lang, template, data },
    place.organizationId,
  );
  await appendSigningEvent(tx, {
    ...place,
    ...(to.signeeId ? { signeeId: to.signeeId } : {}),
    type: 'emailed',
    actor: systemActor,
    data: { template, to: to.email, ...(to.signeeId ? {} : { role: 'sender' }) },
  });
}

/**
 * The round's sender as a recipient, in their account's language; null when the account is gone or
 * (with `unlessSignee`) the sender is one of the signees and gets the signee's e-mail already.
 */
export async function senderRecipient(
  tx: DbOrTx,
  process: { sentBy: string | null },
  unlessSignee?: readonly { email: string }[],
): Promise<RoundRecipient | null> {
  const sender = await accountContact(tx, process.sentBy);
  if (!sender) return null;
  const email = sender.email.toLowerCase();
  if (unlessSignee?.some((s) => s.email === email)) return null;
  return { email: sender.email, name: sender.name, lang: sender.lang };
}
