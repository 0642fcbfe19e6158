import type { WizardState } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';

export function wizard(step: number, extra: Partial<WizardState> = {}): WizardState {
  return { step, data: {}, skipped: [], complete: false, ...extra };
}

export const wizardReply = (state: WizardState) => ({ status: 'OK', wizard: state });

/** Signs in a session that still has to finish setup. */
export function signInForSetup() {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status: 'SETUP_REQUIRED',
    selectedOrganization: null,
    lastBalance: null,
  });
}
