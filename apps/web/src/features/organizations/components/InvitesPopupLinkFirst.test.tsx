import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { pendingInvite } from '../../../lib/pending-invite';
import { registerOrganizationModals } from '../modals';
import { INVITE_BETA, invite, invitesReply, signIn } from '../test/fixtures';
import { InvitesPopup, resetInvitesPopupForTests } from './InvitesPopup';

vi.mock('../../../lib/sounds', () => ({ playSound: vi.fn() }));

registerOrganizationModals();

const PENDING = 'GET /api/authentication/invites/account/pending';
const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';
const LINK = `GET /api/authentication/invite-link/${TOKEN}`;

beforeEach(() => {
  signIn();
  resetInvitesPopupForTests();
});
afterEach(() => {
  modalStore.reset();
  pendingInvite.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('organization-invites popup opened from an e-mailed link (#31 item 4)', () => {
  it('asks for the pending invitations only after the link answered (it unlocks an unverified address)', async () => {
    pendingInvite.set(TOKEN);
    const fetchMock = mockApi({
      [LINK]: () => ({ status: 'OK', invite: invite(INVITE_BETA, 'Beta Oy') }),
      [PENDING]: invitesReply(invite(INVITE_BETA, 'Beta Oy')),
    });
    // As a server would: the link's answer comes back after a while; the list may not be asked meanwhile.
    let linkAnswered = false;
    let listedBeforeLink = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === PENDING && !linkAnswered) listedBeforeLink = true;
      const reply = await fetchMock(input, init);
      if (key === LINK) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        linkAnswered = true;
      }
      return reply;
    });
    renderAt(
      <>
        <InvitesPopup />
        <ModalHost />
      </>,
    );
    const popup = await screen.findByRole('dialog', { name: /Organization invitations/ });
    expect(within(popup).getByText('Beta Oy')).toBeInTheDocument();
    expect(callsTo(fetchMock, LINK)).toHaveLength(1);
    expect(listedBeforeLink).toBe(false);
  });
});
