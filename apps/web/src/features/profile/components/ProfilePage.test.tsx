import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodePathParam } from '../../../app/routes';
import { showError, showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { ORG_ACME, accountReply, signIn } from '../test/fixtures';
import { sessionStore } from '../../../lib/session';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { ProfilePage } from './ProfilePage';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(signIn);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const open = (url: string) => renderAt(<ProfilePage />, { path: '/profile/:page?', url });

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('profile page', { timeout: 20_000 }, () => {
  it('changes the language and saves it on the account', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/accounts': accountReply,
      'GET /api/authentication/language/fi': () => ({ status: 'OK', language: 'fi' }),
    });
    open('/profile');
    expect(await screen.findByDisplayValue('United States (US)')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Europe/Helsinki')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suomi' }));
    expect(await screen.findByRole('combobox', { name: 'Kieli' })).toHaveValue('Suomi');
    expect(screen.getByRole('heading', { name: 'Kieli ja alue' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/authentication/language/fi')).toHaveLength(1));
  });

  it('lists organizations with Personal under the full name and sets another as default', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/accounts': accountReply,
      [`GET /api/authentication/set-default/${ORG_ACME}`]: () => ({
        status: 'OK',
        defaultOrganization: ORG_ACME,
      }),
    });
    open('/profile/organizations');
    expect(await screen.findByText('Maija Meikäläinen')).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set as default: Acme Oy' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Default organization changed.'));
    expect(callsTo(fetchMock, `GET /api/authentication/set-default/${ORG_ACME}`)).toHaveLength(1);
    // SPEC §4.4: the new default becomes the selected organization.
    expect(sessionStore.selectedOrganization()).toBe(ORG_ACME);
  });

  it('reports a failed default change', async () => {
    mockApi({
      'GET /api/authentication/accounts': accountReply,
      [`GET /api/authentication/set-default/${ORG_ACME}`]: () => ({
        status: 'ERROR',
        code: 'NOT_FOUND',
        message: 'No such organization',
      }),
    });
    open('/profile/organizations');
    await userEvent.click(await screen.findByRole('button', { name: 'Set as default: Acme Oy' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Organization could not be set as default'));
  });

  it('goes back to the page in the back parameter and keeps it in the menu links', async () => {
    mockApi({ 'GET /api/authentication/accounts': accountReply });
    open(`/profile/notifications?back=${encodePathParam('/documents/42')}`);
    expect(await screen.findByText(/E-mail notification settings arrive/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute(
      'href',
      `/profile/sessions?back=${encodePathParam('/documents/42')}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/documents/42');
  });
});
