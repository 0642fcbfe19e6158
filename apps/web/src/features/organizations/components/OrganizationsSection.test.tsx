import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { sessionStore } from '../../../lib/session';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import {
  INVITE_BETA,
  JOINED,
  ORG_JOINED,
  ORG_OWN,
  OWN,
  PERSONAL,
  accountReply,
  invite,
  invitesReply,
  signIn,
} from '../test/fixtures';
import { OrganizationsSection } from './OrganizationsSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => signIn());
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PENDING = 'GET /api/authentication/invites/account/pending';
const show = () =>
  renderAt(
    <>
      <OrganizationsSection />
      <ModalHost />
    </>,
  );
const row = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('Profile → Organizations', () => {
  it('offers Leave only where the server says the organization can be left', async () => {
    mockApi({ 'GET /api/authentication/accounts': accountReply(), [PENDING]: invitesReply() });
    show();
    expect(within(await row('Beta Oy')).getByRole('button', { name: 'Leave Beta Oy' })).toBeInTheDocument();
    expect(within(await row('Acme Oy')).queryByRole('button', { name: /Leave/ })).not.toBeInTheDocument();
    expect(
      within(await row('Maija Meikäläinen')).queryByRole('button', { name: /Leave/ }),
    ).not.toBeInTheDocument();
    expect(within(await row('Maija Meikäläinen')).getByText('Personal')).toBeInTheDocument();
    expect(screen.queryByText(/later version/)).not.toBeInTheDocument();
  });

  it('leaves after confirming, and selects the default organization instead of the one left', async () => {
    signIn(ORG_JOINED);
    let organizations = [PERSONAL, OWN, JOINED];
    const fetchMock = mockApi({
      'GET /api/authentication/accounts': () => accountReply(organizations)(),
      [PENDING]: invitesReply(),
      [`GET /api/authentication/leave/${ORG_JOINED}`]: () => {
        organizations = [PERSONAL, OWN];
        return { status: 'OK' };
      },
    });
    show();
    await userEvent.click(within(await row('Beta Oy')).getByRole('button', { name: 'Leave Beta Oy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave organization' });
    expect(confirm).toHaveTextContent('Do you want to leave Beta Oy?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave organization' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('You left Beta Oy.'));
    expect(callsTo(fetchMock, `GET /api/authentication/leave/${ORG_JOINED}`)).toHaveLength(1);
    expect(sessionStore.selectedOrganization()).toBe(PERSONAL.id);
    await waitFor(() => expect(screen.queryByText('Beta Oy')).not.toBeInTheDocument());
  });

  it('reports a refused leave with its reason', async () => {
    mockApi({
      'GET /api/authentication/accounts': accountReply(),
      [PENDING]: invitesReply(),
      [`GET /api/authentication/leave/${ORG_JOINED}`]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'OWNER_CANNOT_LEAVE',
        message: 'The owner cannot leave.',
      }),
    });
    show();
    await userEvent.click(within(await row('Beta Oy')).getByRole('button', { name: 'Leave Beta Oy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave organization' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave organization' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'The owner cannot leave the organization. Transfer the ownership first.',
      ),
    );
  });

  it('sets another organization as default, which becomes the selected one', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/accounts': accountReply(),
      [PENDING]: invitesReply(),
      [`GET /api/authentication/set-default/${ORG_OWN}`]: () => ({
        status: 'OK',
        defaultOrganization: ORG_OWN,
      }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Set as default: Acme Oy' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Default organization changed.'));
    expect(callsTo(fetchMock, `GET /api/authentication/set-default/${ORG_OWN}`)).toHaveLength(1);
    expect(sessionStore.selectedOrganization()).toBe(ORG_OWN);
  });

  it('reports a failed default change', async () => {
    mockApi({ 'GET /api/authentication/accounts': accountReply(), [PENDING]: invitesReply() });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Set as default: Acme Oy' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Organization could not be set as default'));
  });

  it('shows pending invitations with Accept and Decline, and opens organization-create', async () => {
    mockApi({
      'GET /api/authentication/accounts': accountReply(),
      [PENDING]: invitesReply(invite(INVITE_BETA, 'Delta Oy')),
    });
    show();
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    expect(within(section).getByText('Delta Oy')).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Accept the invitation to Delta Oy' }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Decline the invitation to Delta Oy' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('dialog', { name: 'Create organization' })).toBeInTheDocument();
  });
});
