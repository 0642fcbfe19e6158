import type { AccountInvite } from '@sinetti/contract';
import { errorText, hasReason } from '../../../lib/errors';
import i18n from '../../../lib/i18n';

/**
 * Why an invitation could not be accepted, in the user's language. A platform mismatch has SPEC's two
 * texts (§8 noAcceptMicrosoft / noAcceptGoogle), chosen by the caller's platform the server reports (or,
 * failing that, the other one than the invitation's).
 */
export function acceptErrorText(error: unknown, invite: AccountInvite): string {
  if (hasReason(error, 'INVITE_PLATFORM_MISMATCH')) {
    const mine = error.details.accountPlatform ?? (invite.platform === 'google' ? 'microsoft' : 'google');
    const key = mine === 'microsoft' ? 'invites.noAcceptMicrosoft' : 'invites.noAcceptGoogle';
    return i18n.t(key, { ns: 'organizations' });
  }
  return errorText(error, i18n.t('invites.acceptFailed', { ns: 'organizations' }));
}
