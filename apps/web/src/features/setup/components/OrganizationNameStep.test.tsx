import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForSetup, wizard, wizardReply } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { OrganizationNameStep } from './OrganizationNameStep';

beforeEach(signInForSetup);
afterEach(() => vi.unstubAllGlobals());

const open = () => renderAt(<OrganizationNameStep />, { path: '/setup/organization-name' });

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('organization name step', () => {
  it('requires a name before saving', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(2)),
      'POST /api/authentication/wizard-step/2': () => wizardReply(wizard(4, { skipped: [3] })),
    });
    open();
    const input = await screen.findByLabelText('Organization name');
    expect(input).toHaveFocus();
    await userEvent.click(input);
    await userEvent.paste('   ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter the organization name.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/authentication/wizard-step/2')).toEqual([]);

    await userEvent.click(input);
    await userEvent.paste(' Acme Oy ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/invite-users');
    expect(callsTo(fetchMock, 'POST /api/authentication/wizard-step/2')).toEqual([
      { data: { name: 'Acme Oy' } },
    ]);
  });

  it('shows the saved name when coming back, and Back goes to the step the server answers', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(2, { data: { 2: { name: 'Acme' } } })),
      'GET /api/authentication/wizard-step/1': () => wizardReply(wizard(1)),
    });
    open();
    expect(await screen.findByLabelText('Organization name')).toHaveValue('Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/create-organization');
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard-step/1')).toHaveLength(1);
  });

  it("moves on to the server's current step when opened out of turn", async () => {
    mockApi({ 'GET /api/authentication/wizard-steps': () => wizardReply(wizard(6)) });
    open();
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/confirm-plan');
  });

  it('offers sign-out on the wizard screen', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(2)),
      'POST /api/authentication/logout': () => ({ status: 'OK' }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/authentication/logout')).toHaveLength(1));
    expect(localStorage.getItem('sinetti.session')).toBeNull();
  });
});
