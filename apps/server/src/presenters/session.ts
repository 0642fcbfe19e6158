import type { Session, SessionStatus } from '@sinetti/contract';
import type { accounts, sessions } from '../db/schema/index.ts';

export function sessionStatusOf(account: Pick<typeof accounts.$inferSelect, 'setupComplete'>): SessionStatus {
  return account.setupComplete ? 'OK' : 'SETUP_REQUIRED';
}

/** The contract's Session; `token` (the secret id) is included only right after sign-in. */
export function presentSession(
  row: typeof sessions.$inferSelect,
  account: Pick<typeof accounts.$inferSelect, 'setupComplete' | 'defaultOrganizationId'>,
  token: string,
): Session;
export function presentSession(
  row: typeof sessions.$inferSelect,
  account: Pick<typeof accounts.$inferSelect, 'setupComplete' | 'defaultOrganizationId'>,
): Omit<Session, 'id'>;
export function presentSession(
  row: typeof sessions.$inferSelect,
  account: Pick<typeof accounts.$inferSelect, 'setupComplete' | 'defaultOrganizationId'>,
  token?: string,
): Session | Omit<Session, 'id'> {
  const base = {
    updated: row.lastUsedAt.toISOString(),
    status: sessionStatusOf(account),
    selectedOrganization: row.selectedOrganizationId ?? account.defaultOrganizationId ?? null,
    lastBalance: null,
  };
  return token === undefined ? base : { id: token, ...base };
}
