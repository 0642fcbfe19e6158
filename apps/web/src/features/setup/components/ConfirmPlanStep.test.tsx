import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { signInForSetup, wizard, wizardReply } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { ConfirmPlanStep } from './ConfirmPlanStep';

const ORG = '00000000-0000-4000-8000-0000000000aa';

beforeEach(signInForSetup);
afterEach(() => vi.unstubAllGlobals());

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('confirm step', () => {
  it('finishes setup with the organization and invites, then opens the Dashboard', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () =>
        wizardReply(
          wizard(6, {
            skipped: [3, 5],
            data: { 1: { create: true }, 2: { name: 'Acme' }, 4: { emails: ['a@b.fi', 'c@d.fi'] } },
          }),
        ),
      'POST /api/authentication/setup': () => ({ status: 'OK', account: { defaultOrganization: ORG } }),
    });
    renderAt(<ConfirmPlanStep />, { path: '/setup/confirm-plan' });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('2 invitations')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(callsTo(fetchMock, 'POST /api/authentication/setup')).toEqual([
      { companies: ['Acme'], invites: ['a@b.fi', 'c@d.fi'], language: 'en' },
    ]);
    const session = sessionStore.get();
    expect(session && session.status).toBe('OK');
    expect(sessionStore.selectedOrganization()).toBe(ORG);
  });

  it('shows the personal workspace when the organization was skipped; Back returns to step 1', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(6, { skipped: [2, 3, 4, 5] })),
      'GET /api/authentication/wizard-step/1': () => wizardReply(wizard(1, { skipped: [2, 3, 4, 5] })),
    });
    renderAt(<ConfirmPlanStep />, { path: '/setup/confirm-plan' });
    expect(await screen.findByText('Personal workspace only')).toBeInTheDocument();
    expect(screen.getByText('No invitations')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/create-organization');
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard-step/1')).toHaveLength(1);
  });
});
