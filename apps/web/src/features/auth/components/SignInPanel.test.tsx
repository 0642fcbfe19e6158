import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { mockApi, renderAt } from '../../../test/render-route';
import { SignInPanel } from './SignInPanel';

const config = { status: 'OK', version: 'test', providers: [{ platform: 'google', local: false }] };

afterEach(async () => {
  sessionStore.clear();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the sign-in page inside the app', () => {
  it('offers the providers of the cached configuration, follows its link and switches the app language', async () => {
    const fetchMock = mockApi({ 'GET /api/config': () => config });
    const { queryClient } = renderAt(<SignInPanel variant="signIn" />, { path: '/signin' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled());
    // Only the configuration's providers are offered; it is fetched once, into the app's cache.
    expect(screen.queryByRole('button', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['system', 'config'])).toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Suomi' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kirjaudu Sinettiin');
    await waitFor(() => expect(i18n.language).toBe('fi'));
    expect(document.documentElement.lang).toBe('fi');

    await userEvent.click(screen.getByRole('link', { name: 'Luo tili' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signup');
  });

  it('signs in at once when the reply carries a session, and opens the setup wizard for a new account', async () => {
    mockApi({
      'GET /api/config': () => config,
      'POST /api/authentication/login': () => ({
        status: 'SETUP_REQUIRED',
        session: { id: 's-1', status: 'SETUP_REQUIRED', selectedOrganization: null },
      }),
      'GET /api/authentication/wizard-steps': () => ({ status: 'OK', wizard: { step: 1 } }),
    });
    renderAt(<SignInPanel variant="signUp" />, { path: '/signup' });
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await userEvent.click(google);
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/create-organization');
    expect(sessionStore.get()).toMatchObject({ id: 's-1', status: 'SETUP_REQUIRED' });
  });
});
