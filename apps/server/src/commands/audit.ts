import type { DbOrTx } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

/** Who did it and from where; taken from the request. */
export interface AuditContext {
  accountId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The API key the call was made with (its id and name go into the event's data as `apiKey`). */
  apiKey?: { id: string; name: string } | null;
}

export const systemAudit: AuditContext = { accountId: null, ip: null, userAgent: null };

export async function recordAudit(
  db: DbOrTx,
  who: AuditContext,
  action: string,
  what: { organizationId?: string | null; subjectId?: string | null; data?: Record<string, unknown> } = {},
): Promise<void> {
  await db.insert(auditEvents).values({
    action,
    accountId: who.accountId,
    ip: who.ip,
    userAgent: who.userAgent,
    organizationId: what.organizationId ?? null,
    subjectId: what.subjectId ?? null,
    data: who.apiKey
      ? { ...what.data, apiKey: { id: who.apiKey.id, name: who.apiKey.name } }
      : (what.data ?? {}),
  });
}
