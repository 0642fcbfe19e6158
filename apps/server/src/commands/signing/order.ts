import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signees } from '../../db/schema/index.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import type { ProcessRow, SigneeRow } from '../../queries/signing/signees.ts';
import { AppError } from '../../lib/errors.ts';
import { issueSigneeLink, links } from './common.ts';
import type { AppContext } from '../../http/context.ts';
import { requesterOf } from './people.ts';
import { mailAndRecord, signeeRecipients, type RoundMailPlace } from './round-mail.ts';

/**
 * Signing order (issue #33 item 3; docs/decisions.md "Signing order"). Each signee has a group, 1 first.
 * Whose turn it is: the lowest group that still has a signee who has not signed. Signees of later groups
 * are not e-mailed, reminded or let in until every signee of the groups before them has signed. With every
 * signee in one group the round is parallel, exactly as before groups existed.
 */
type Grouped = Pick<SigneeRow, 'signingGroup' | 'status'>;

/** The group whose signees may sign now, or null when everyone has signed. */
export function currentGroup(list: readonly Grouped[]): number | null {
  const waiting = list.filter((s) => s.status !== 'signed').map((s) => s.signingGroup);
  return waiting.length === 0 ? null : Math.min(...waiting);
}

/** The signees are in more than one group: they sign in order. */
export function isOrdered(list: readonly Pick<SigneeRow, 'signingGroup'>[]): boolean {
  return new Set(list.map((s) => s.signingGroup)).size > 1;
}

/** The signees of the current group who have not signed (the ones to e-mail, remind or let in). */
export function onTurn<T extends Grouped>(list: readonly T[]): T[] {
  const group = currentGroup(list);
  return list.filter((s) => s.status !== 'signed' && s.signingGroup === group);
}

/** The unsigned signees of the groups before `signee`'s: empty when it is the signee's turn. */
export function signBefore<S extends Grouped>(
  list: readonly S[],
  signee: Pick<SigneeRow, 'signingGroup'>,
): S[] {
  return list.filter((s) => s.status !== 'signed' && s.signingGroup < signee.signingGroup);
}

/**
 * Their names, as a link holder is told who signs first: never their addresses (one entered without a
 * name is not listed, so the list may be empty while the signee still waits).
 */
export function namesOf(list: readonly Pick<SigneeRow, 'givenName' | 'familyName'>[]): string[] {
  return list.map((s) => `${s.givenName} ${s.familyName}`.trim()).filter((name) => name !== '');
}

/** 409 NOT_YOUR_TURN naming who signs first: not a lock, nothing is sent; the signee is e-mailed later. */
export function notYourTurnError(first: string[]): AppError {
  return new AppError(
    'CONFLICT',
    `Others sign this document before you${first.length > 0 ? `: ${first.join(', ')}` : ''}. You will get an e-mail when it is your turn.`,
  ).because('NOT_YOUR_TURN', { waitingFor: first });
}

/**
 * Stores the sender's signing order on the document's signees (those not named keep their group). 400
 * when it names a signee that is not the document's or names one twice.
 */
export async function applySigningOrder(
  tx: Tx,
  list: readonly SigneeRow[],
  order: readonly { signeeId: string; group: number }[] | undefined,
  now: Date,
): Promise<SigneeRow[]> {
  if (!order || order.length === 0) return [...list];
  assertOrderNamesSignees(list, order);
  const groups = new Map(order.map((o) => [o.signeeId, o.group]));
  const changed = list.filter((s) => groups.has(s.id) && groups.get(s.id) !== s.signingGroup);
  for (const group of new Set(changed.map((s) => groups.get(s.id) ?? 1))) {
    const ids = changed.filter((s) => groups.get(s.id) === group).map((s) => s.id);
    await tx.update(signees).set({ signingGroup: group, updatedAt: now }).where(inArray(signees.id, ids));
  }
  return list.map((s) => ({ ...s, signingGroup: groups.get(s.id) ?? s.signingGroup }));
}

/** The order names only the document's signees, each once (400 otherwise). */
export function assertOrderNamesSignees(
  list: readonly Pick<SigneeRow, 'id'>[],
  order: readonly { signeeId: string }[] | undefined,
): void {
  if (!order) return;
  const ids = new Set(list.map((s) => s.id));
  const named = order.map((o) => o.signeeId);
  if (named.some((id) => !ids.has(id)) || new Set(named).size !== named.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The signing order must name each of the document’s signees once.',
      {
        signingOrder: 'Name each signee of this document at most once.',
      },
    );
  }
}

/**
 * After a signature, inside its transaction: when the signee's group has now all signed and a later group
 * waits, e-mails that group a signing request each (queued with the transaction, recorded as `emailed`).
 * The mail quota was reserved for every signee at send.
 */
export async function mailNextGroup(
  tx: Tx,
  ctx: Pick<AppContext, 'clock' | 'config'>,
  process: ProcessRow,
  list: readonly SigneeRow[],
  signedGroup: number,
  now: Date,
): Promise<string[]> {
  const next = currentGroup(list);
  if (next === null || next <= signedGroup) return [];
  const due = onTurn(list);
  const doc = await findDocument(tx, process.documentId);
  if (!doc) return [];
  const names = await requesterOf(tx, process);
  const senderName = names.senderName ?? names.organizationName ?? 'Sinetti';
  const place: RoundMailPlace = {
    organizationId: process.organizationId,
    documentId: process.documentId,
    processId: process.id,
    at: now,
  };
  for (const to of await signeeRecipients(tx, process, due)) {
    const token = await issueSigneeLink(tx, {
      signeeId: to.signeeId,
      processId: process.id,
      kind: 'request',
    });
    await mailAndRecord(tx, ctx.clock, place, to, 'signing-request', {
      documentName: doc.name,
      senderName,
      organizationName: names.organizationName ?? senderName,
      link: links.sign(ctx, token),
      ...(process.message ? { message: process.message } : {}),
    });
  }
  return due.map((s) => s.id);
}
