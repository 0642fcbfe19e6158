import type { P, Signee, SigneeIdentification } from '@sinetti/contract';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { presentSignee } from '../../presenters/signee.ts';
import {
  latestProcessOf,
  listSignees,
  openProcessOf,
  openSessionsOf,
} from '../../queries/signing/signees.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import { methodNames } from '../../queries/signing/methods.ts';
import { links } from './common.ts';
import { identificationsOf } from './identity.ts';

const methodNames_ = (ctx: AppContext) => methodNames(ctx.db, ctx.config.publicUrl);
import { selfLink } from './start.ts';
import { currentGroup, isOrdered } from './order.ts';

/**
 * The signees of a document the caller may view. While the document is out for signing, the entry whose
 * e-mail is the caller's own carries the caller's signing link (never anyone else's). After a signee declined
 * the latest round, their entry says so, with the reason, until the document is sent again.
 */
export async function signeesFor(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_VIEW>,
  sessionSecret: string | null,
): Promise<{ signees: Signee[]; currentGroup: number | null; ordered: boolean }> {
  const list = await listSignees(ctx.db, doc.id);
  const process = await openProcessOf(ctx.db, doc.id);
  const open = process ? await openSessionsOf(ctx.db, process.id, ctx.clock.now()) : [];
  const signing = new Set(open.map((s) => s.signeeId));
  const callerEmail = actor.account.email.toLowerCase();
  const me = list.find((s) => s.email === callerEmail);
  const signingLink =
    me && process?.state === 'signing' && me.status !== 'signed' && sessionSecret
      ? links.sign(ctx, await selfLink(ctx.db, sessionSecret, me.id, process.id))
      : undefined;
  const latest = process ?? (await latestProcessOf(ctx.db, doc));
  const declined =
    latest?.declinedBy && latest.declinedAt
      ? { signeeId: latest.declinedBy, at: latest.declinedAt, reason: latest.declineReason ?? '' }
      : undefined;
  const [methodNames, identifications] = await Promise.all([
    methodNames_(ctx),
    latest ? identificationsOf(ctx.db, latest.id) : new Map<string, SigneeIdentification>(),
  ]);
  return {
    signees: list.map((row) =>
      presentSignee(row, { signing, callerEmail, signingLink, declined, methodNames, identifications }),
    ),
    currentGroup: process?.state === 'signing' ? currentGroup(list) : null,
    ordered: isOrdered(list),
  };
}
