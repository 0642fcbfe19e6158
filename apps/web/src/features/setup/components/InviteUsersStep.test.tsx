import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForSetup, wizard, wizardReply } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { InviteUsersStep } from './InviteUsersStep';

beforeEach(signInForSetup);
afterEach(() => vi.unstubAllGlobals());

const open = () => renderAt(<InviteUsersStep />, { path: '/setup/invite-users' });

/** Replaces a field's text. */
function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('invite users step', () => {
  it('ignores empty rows and stops at the first invalid address, naming it', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(4, { skipped: [3] })),
    });
    open();
    fill(await screen.findByLabelText('Email address 1'), 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fill(screen.getByLabelText('Email address 3'), 'not-an-address');
    fill(screen.getByLabelText('Email address 4'), 'also@wrong');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid email address: not-an-address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address 3')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address 4')).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/authentication/wizard-step/4')).toEqual([]);
  });

  it('saves only the non-empty, valid rows and opens the next step', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(4, { skipped: [3] })),
      'POST /api/authentication/wizard-step/4': () => wizardReply(wizard(5, { skipped: [3] })),
    });
    open();
    fill(await screen.findByLabelText('Email address 1'), 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fill(screen.getByLabelText('Email address 3'), ' bo.berg@example.fi ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/choose-plan');
    expect(callsTo(fetchMock, 'POST /api/authentication/wizard-step/4')).toEqual([
      { data: { emails: ['anna@example.com', 'bo.berg@example.fi'] } },
    ]);
  });

  it('skips the step', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(4, { skipped: [3] })),
      'GET /api/authentication/wizard/skip': () => wizardReply(wizard(5, { skipped: [3] })),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/choose-plan');
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard/skip')).toHaveLength(1);
  });

  it('goes back over the self-skipping invites step to the organization name', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () =>
        wizardReply(wizard(4, { skipped: [3], data: { 4: { emails: ['kept@example.com'] } } })),
      'GET /api/authentication/wizard-step/2': () => wizardReply(wizard(2, { skipped: [3] })),
    });
    open();
    expect(await screen.findByLabelText('Email address 1')).toHaveValue('kept@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/organization-name');
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard-step/2')).toHaveLength(1);
  });
});
