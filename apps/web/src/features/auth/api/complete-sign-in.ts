import type { QueryClient } from '@tanstack/react-query';
import { api, type ReplyOf } from '@sinetti/contract';
import { ApiError, call } from '../../../lib/api';
import { applyAccountLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { setupPathOfStep } from '../../../app/routes';
import { appPathOrHome } from '../../../lib/path-param';

type SignInReply = ReplyOf<typeof api.authentication.login> & { redirect?: string };

/**
 * Stores the new session, forgets everything cached for an earlier one (account, setup state) and
 * answers where to go: the setup wizard's current step, or the page the user wanted (SPEC §4.4).
 */
export async function completeSignIn(reply: SignInReply, queryClient: QueryClient): Promise<string> {
  if (!reply.session) throw new ApiError('INTERNAL', 'The sign-in reply carried no session.');
  sessionStore.signIn(reply.session);
  queryClient.removeQueries();
  if (reply.account) applyAccountLanguage(reply.account.language);
  if (reply.status === 'SETUP_REQUIRED') {
    const { wizard } = await call(api.authentication.wizardSteps);
    return setupPathOfStep(wizard.step);
  }
  return appPathOrHome(reply.redirect);
}
