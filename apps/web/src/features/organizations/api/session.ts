import type { QueryClient } from '@tanstack/react-query';
import { api, type Account } from '@sinetti/contract';
import { accountQuery } from '../../../lib/account';
import { call } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';

/**
 * "Log in again" (SPEC §4.6, §4.7): after joining or creating an organization the session is re-issued
 * (`login {type: SESSION}`), and the account is read afresh so that its organization list is current.
 */
export async function reloginAndRefresh(queryClient: QueryClient): Promise<Account> {
  const reply = await call(api.authentication.login, { body: { type: 'SESSION' } });
  if (reply.session) sessionStore.signIn(reply.session);
  const fresh = await queryClient.fetchQuery({ ...accountQuery, staleTime: 0 });
  return fresh.account;
}
