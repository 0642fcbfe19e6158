import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingInvite } from '../../lib/pending-invite';
import { sessionStore } from '../../lib/session';
import CreateOrganization from './CreateOrganization';
import { callsTo, mockApi, renderAt } from '../../test/render-route';
import { signInForSetup, wizard, wizardReply } from '../../features/setup/test/fixtures';
import {
  account,
  invite,
  INVITE_BETA,
  invitesReply,
  JOINED,
  ORG_JOINED,
  PERSONAL,
  SESSION,
} from '../../features/organizations/test/fixtures';

const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';
const LINK = `GET /api/authentication/invite-link/${TOKEN}`;
const PENDING = 'GET /api/authentication/invites/account/pending';
const ACCEPT = `GET /api/authentication/invite-accept/${INVITE_BETA}`;

beforeEach(signInForSetup);
afterEach(() => {
  pendingInvite.clear();
  vi.unstubAllGlobals();
});

const open = () => renderAt(<CreateOrganization />, { path: '/setup/create-organization' });

/** The server after joining: setup is finished and the joined organization is the session's selected one. */
const joinedSession = { ...SESSION, id: 'secret-session-id', status: 'OK', selectedOrganization: ORG_JOINED };

describe('the wizard’s first screen for an invited colleague (issue #31 item 1)', () => {
  it('joins the e-mailed link’s organization with one click and leaves the wizard for the Dashboard', async () => {
    pendingInvite.set(TOKEN);
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(1)),
      [LINK]: () => ({ status: 'OK', invite: invite(INVITE_BETA, 'Beta Oy') }),
      [PENDING]: invitesReply(invite(INVITE_BETA, 'Beta Oy')),
      [ACCEPT]: () => ({ status: 'OK', companyId: ORG_JOINED }),
      'POST /api/authentication/login': () => ({ status: 'OK', session: joinedSession }),
      'GET /api/authentication/accounts': () => ({
        status: 'OK',
        account: account([PERSONAL, JOINED]),
        session: joinedSession,
      }),
    });
    open();
    expect(await screen.findByText('Olli Omistaja invited you to join Beta Oy.')).toBeInTheDocument();
    // The wizard's own choice is still there, below.
    expect(screen.getByRole('button', { name: 'Create organization' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join Beta Oy' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(callsTo(fetchMock, ACCEPT)).toHaveLength(1);
    // The e-mailed link was opened once (that is what shows an unverified address its invite); the used
    // link is not asked again after joining.
    expect(callsTo(fetchMock, LINK)).toHaveLength(1);
    // The link's token is used up; the session is the one the server logged in again, out of setup.
    expect(pendingInvite.get()).toBeNull();
    await waitFor(() =>
      expect(sessionStore.get()).toMatchObject({ status: 'OK', selectedOrganization: ORG_JOINED }),
    );
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard-step/2')).toEqual([]);
  });

  it('is the plain wizard screen for an account without invitations, and a dead link is forgotten', async () => {
    pendingInvite.set(TOKEN);
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(1)),
      [LINK]: () => ({ status: 'ERROR', code: 'NOT_FOUND', message: 'Invite not found.' }),
      [PENDING]: invitesReply(),
    });
    open();
    expect(await screen.findByRole('button', { name: 'Create organization' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, PENDING)).toHaveLength(1));
    expect(screen.queryByText(/invited you/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(pendingInvite.get()).toBeNull();
  });
});
