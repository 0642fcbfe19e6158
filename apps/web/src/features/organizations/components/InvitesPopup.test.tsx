import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { playSound } from '../../../lib/sounds';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { pendingInvite } from '../../../lib/pending-invite';
import { registerOrganizationModals } from '../modals';
import {
  INVITE_BETA,
  INVITE_GAMMA,
  accountReply,
  invite,
  invitesReply,
  reloginReply,
  signIn,
} from '../test/fixtures';
import { InvitesPopup, resetInvitesPopupForTests } from './InvitesPopup';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../../../lib/sounds', () => ({ playSound: vi.fn() }));

registerOrganizationModals();

const PENDING = 'GET /api/authentication/invites/account/pending';
const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';
const mismatch = (accountPlatform: 'google' | 'microsoft') => () => ({
  status: 'ERROR',
  code: 'CONFLICT',
  reason: 'INVITE_PLATFORM_MISMATCH',
  details: { accountPlatform },
  message: 'The invitation is for the other platform.',
});

beforeEach(() => {
  signIn();
  resetInvitesPopupForTests();
});
afterEach(async () => {
  modalStore.reset();
  pendingInvite.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const show = () =>
  renderAt(
    <>
      <InvitesPopup />
      <ModalHost />
    </>,
  );

const dialog = () =>
  screen.findByRole('dialog', { name: /Organization invitations|Kutsut organisaatioihin/ });

describe('organization-invites popup', () => {
  it('lists the pending invitations, plays the notification sound once and accepts one', async () => {
    let pending = [invite(INVITE_BETA, 'Beta Oy'), invite(INVITE_GAMMA, 'Gamma Oy')];
    const fetchMock = mockApi({
      [PENDING]: () => invitesReply(...pending)(),
      [`GET /api/authentication/invite-accept/${INVITE_BETA}`]: () => {
        pending = pending.filter((i) => i.id !== INVITE_BETA);
        return { status: 'OK', companyId: pending[0]?.companyId };
      },
      'POST /api/authentication/login': reloginReply,
      'GET /api/authentication/accounts': accountReply(),
    });
    show();
    const popup = await dialog();
    expect(within(popup).getByText('Beta Oy')).toBeInTheDocument();
    expect(within(popup).getByText('Gamma Oy')).toBeInTheDocument();
    expect(within(popup).getAllByText('Invited by Olli Omistaja')).toHaveLength(2);
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(playSound).toHaveBeenCalledWith('notification');

    await userEvent.click(within(popup).getByRole('button', { name: 'Accept the invitation to Beta Oy' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(expect.stringContaining('You joined Beta Oy')),
    );
    // SPEC §4.7: the session is logged in again and the account read afresh.
    expect(callsTo(fetchMock, 'POST /api/authentication/login')).toEqual([{ type: 'SESSION' }]);
    expect(callsTo(fetchMock, 'GET /api/authentication/accounts').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(popup).queryByText('Beta Oy')).not.toBeInTheDocument());
    expect(within(popup).getByText('Gamma Oy')).toBeInTheDocument();
    expect(playSound).toHaveBeenCalledTimes(1);
  });

  it('declines an invitation and closes once none is left', async () => {
    let pending = [invite(INVITE_BETA, 'Beta Oy')];
    const fetchMock = mockApi({
      [PENDING]: () => invitesReply(...pending)(),
      [`GET /api/authentication/invite-decline/${INVITE_BETA}`]: () => {
        pending = [];
        return { status: 'OK' };
      },
    });
    show();
    const popup = await dialog();
    await userEvent.click(within(popup).getByRole('button', { name: 'Decline the invitation to Beta Oy' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Invitation to Beta Oy declined.'));
    expect(callsTo(fetchMock, `GET /api/authentication/invite-decline/${INVITE_BETA}`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/authentication/login')).toHaveLength(0);
    await waitFor(() => expect(modalStore.isOpen('organization-invites')).toBe(false));
  });

  it('does not open, nor play a sound, without invitations', async () => {
    const fetchMock = mockApi({ [PENDING]: invitesReply() });
    show();
    await waitFor(() => expect(callsTo(fetchMock, PENDING)).toHaveLength(1));
    expect(modalStore.isOpen('organization-invites')).toBe(false);
    expect(playSound).not.toHaveBeenCalled();
  });

  it.each([
    [
      'microsoft',
      'en',
      'You are signed in with a Microsoft account, and this organization uses Google accounts.',
    ],
    [
      'google',
      'en',
      'You are signed in with a Google account, and this organization uses Microsoft accounts.',
    ],
    ['microsoft', 'fi', 'Olet kirjautunut Microsoft-tilillä, mutta tämä organisaatio käyttää Google-tilejä.'],
    ['google', 'fi', 'Olet kirjautunut Google-tilillä, mutta tämä organisaatio käyttää Microsoft-tilejä.'],
  ] as const)('a %s account sees SPEC’s platform text in %s', async (platform, language, text) => {
    await changeLanguage(language);
    const other = platform === 'microsoft' ? 'google' : 'microsoft';
    const fetchMock = mockApi({
      [PENDING]: invitesReply(invite(INVITE_BETA, 'Beta Oy', other)),
      [`GET /api/authentication/invite-accept/${INVITE_BETA}`]: mismatch(platform),
    });
    show();
    const popup = await dialog();
    await userEvent.click(
      within(popup).getByRole('button', {
        name: /^(Accept the invitation to|Hyväksy kutsu organisaatioon) Beta Oy$/,
      }),
    );
    await waitFor(() => expect(showError).toHaveBeenCalledWith(expect.stringContaining(text)));
    expect(callsTo(fetchMock, 'POST /api/authentication/login')).toHaveLength(0);
    expect(within(popup).getByText('Beta Oy')).toBeInTheDocument();
  });

  it('resolves a kept ?invite= link and shows its invitation', async () => {
    pendingInvite.set(TOKEN);
    const fetchMock = mockApi({
      [`GET /api/authentication/invite-link/${TOKEN}`]: () => ({
        status: 'OK',
        invite: invite(INVITE_BETA, 'Beta Oy'),
      }),
      [PENDING]: invitesReply(invite(INVITE_BETA, 'Beta Oy')),
    });
    show();
    const popup = await dialog();
    expect(within(popup).getByText('Beta Oy')).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/authentication/invite-link/${TOKEN}`)).toHaveLength(1);
    expect(pendingInvite.get()).toBeNull();
  });

  it('explains a used or expired link, in Finnish too', async () => {
    await changeLanguage('fi');
    pendingInvite.set(TOKEN);
    mockApi({ [PENDING]: invitesReply() });
    show();
    const popup = await dialog();
    expect(within(popup).getByRole('alert')).toHaveTextContent('Tätä kutsulinkkiä ei voi enää käyttää.');
    expect(within(popup).queryByText('Sinulla ei ole avoimia kutsuja.')).not.toBeInTheDocument();
    expect(pendingInvite.get()).toBeNull();
    expect(playSound).not.toHaveBeenCalled();
  });
});
