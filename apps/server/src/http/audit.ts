import type { AuditContext } from '../commands/audit.ts';
import type { AccountActor } from './actor.ts';

/** Who did it and from where, for audit events of a signed-in caller. */
export function auditOf(actor: AccountActor): AuditContext {
  const key = actor.apiKey ? { id: actor.apiKey.id, name: actor.apiKey.name } : null;
  return { accountId: actor.account.id, ip: actor.ip, userAgent: actor.userAgent, apiKey: key };
}
