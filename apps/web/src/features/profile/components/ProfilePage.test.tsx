import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sinetti/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodePathParam } from '../../../lib/path-param';
import { changeLanguage } from '../../../lib/i18n';
import { accountReply, signIn } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { ProfilePage } from './ProfilePage';

beforeEach(signIn);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const SECTIONS = { organizations: () => <p>organizations section</p> };
const open = (url: string) => renderAt(<ProfilePage sections={SECTIONS} />, { path: '/profile/:page?', url });

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('profile page', () => {
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

  it('shows the organizations page handed in by the route', async () => {
    mockApi({ 'GET /api/authentication/accounts': accountReply });
    open('/profile/organizations');
    expect(await screen.findByText('organizations section')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Organizations' })).toBeInTheDocument();
  });

  it('goes back to the page in the back parameter and keeps it in the menu links', async () => {
    mockApi({
      'GET /api/authentication/accounts': accountReply,
      'GET /api/notifications/settings': () => ({ status: 'OK', settings: DEFAULT_NOTIFICATION_SETTINGS }),
    });
    open(`/profile/notifications?back=${encodePathParam('/documents/42')}`);
    expect(await screen.findByText(/Choose how you hear of what happens/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute(
      'href',
      `/profile/sessions?back=${encodePathParam('/documents/42')}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/documents/42');
  });
});
