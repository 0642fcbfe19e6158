import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerMembersModals } from '../modals';
import { A, accountReply, accountRoles, invitesReply, membersReply, signIn } from '../test/fixtures';
import { UsersSection } from './UsersSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerMembersModals();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const INVITE = `POST ${A}/invite`;

async function openInvite(reply: (body: unknown) => unknown = () => ({ status: 'OK' })) {
  const fetchMock = mockApi({
    'GET /api/authentication/accounts': accountReply(),
    'GET /api/privileges/account-roles': accountRoles(),
    [`GET ${A}/company-users`]: membersReply(),
    [`GET ${A}/invites/company/pending`]: invitesReply(),
    [INVITE]: reply,
  });
  renderAt(
    <>
      <UsersSection />
      <ModalHost />
    </>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /^(Invite user|Kutsu käyttäjä)$/ }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox');
  const send = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^(Send invitation|Lähetä kutsu)$/ }));
  };
  return { fetchMock, dialog, send };
}

describe('user-invite (SPEC §2.7, §5, §8)', () => {
  it('checks the address before sending: required, valid, not already a user or invited', async () => {
    const { fetchMock, dialog, send } = await openInvite();
    expect(dialog).toHaveTextContent('We e-mail a link to join Acme Oy.');
    send('  ');
    expect(await within(dialog).findByText('Please enter an email address.')).toBeInTheDocument();
    send('maija@');
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeInTheDocument();
    send('Maija@Acme.fi');
    const taken = 'This address is already a user of the organization or has a pending invitation.';
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    send('uusi@acme.fi'); // the pending invite's address
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(callsTo(fetchMock, INVITE)).toHaveLength(0);
  });

  it('sends a new address, says so and closes', async () => {
    const { fetchMock, send } = await openInvite();
    send(' Kollega@Acme.fi ');
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Invitation sent to kollega@acme.fi.'));
    expect(callsTo(fetchMock, INVITE)).toEqual([{ email: 'kollega@acme.fi' }]);
    await waitFor(() => expect(modalStore.isOpen('user-invite')).toBe(false));
  });

  it('shows the already-invited text for the ALREADY_INVITED status and stays open', async () => {
    const { dialog, send } = await openInvite(() => ({ status: 'ALREADY_INVITED' }));
    send('hidden@acme.fi');
    expect(
      await within(dialog).findByText(
        'This address is already a user of the organization or has a pending invitation.',
      ),
    ).toBeInTheDocument();
    expect(showSuccess).not.toHaveBeenCalled();
    expect(modalStore.isOpen('user-invite')).toBe(true);
  });

  it('shows the reason of a refusal in the dialog, keeping the address', async () => {
    const { dialog, send } = await openInvite(() => ({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      reason: 'MAIL_LIMIT_RECIPIENT',
      details: { retryAfterSeconds: 600 },
      message: 'x',
    }));
    send('busy@acme.fi');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Invitation could not be sent.');
    expect(alert).toHaveTextContent(
      'A recipient has already received too many e-mails from this service in the last hour. Try again in 10 min.',
    );
    expect(within(dialog).getByRole('textbox')).toHaveValue('busy@acme.fi');
  });

  it('says INVITE_LIMIT_REACHED in Finnish', async () => {
    await changeLanguage('fi');
    const { dialog, send } = await openInvite(() => ({
      status: 'ERROR',
      code: 'CONFLICT',
      reason: 'INVITE_LIMIT_REACHED',
      message: 'x',
    }));
    expect(dialog).toHaveTextContent('Kutsu käyttäjä');
    send('');
    expect(await within(dialog).findByText('Anna sähköpostiosoite.')).toBeInTheDocument();
    send('kollega@acme.fi');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Kutsua ei voitu lähettää.');
    expect(alert).toHaveTextContent('Organisaatiolla on liikaa avoimia kutsuja.');
  });
});
