import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../app/routes';
import {
  accountReply,
  mockFetch,
  permissionsReply,
  renderApp,
  resetTestState,
  signInAs,
} from '../test/utils';

afterEach(resetTestState);

function signedIn() {
  signInAs();
  mockFetch({
    'GET /api/authentication/accounts': accountReply(),
    'GET /api/privileges/account-roles': permissionsReply([]),
  });
}

describe('pages of the frame', () => {
  it('404 offers sign-in to a signed-out visitor', async () => {
    renderApp('/page-not-found', ROUTES);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/signin');
  });

  it('404 offers the Dashboard to a signed-in user', async () => {
    signedIn();
    renderApp('/page-not-found', ROUTES);
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('session expired leads to sign-in', async () => {
    renderApp('/session-expired', ROUTES);
    expect(await screen.findByRole('heading', { name: 'Your session has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin');
  });

  it('the dashboard welcomes the user by name and shows the state cards and recent documents', async () => {
    signedIn();
    renderApp('/', ROUTES);
    expect(await screen.findByRole('heading', { name: 'Welcome, Matti' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Recently updated' })).toBeInTheDocument();
    expect(screen.getByTestId('card-draft')).toBeInTheDocument();
  });

  it('search shows the search text in its title', async () => {
    signedIn();
    renderApp(`/search/${encodeURIComponent('vuokra sopimus')}`, ROUTES);
    expect(
      await screen.findByRole('heading', { name: 'Search results for “vuokra sopimus”' }),
    ).toBeInTheDocument();
  });

  it('filtered lists are titled by state; unknown states are not found', async () => {
    signedIn();
    const { router } = renderApp('/filtered/signing', ROUTES);
    expect(await screen.findByRole('heading', { name: 'Pending signature' })).toBeInTheDocument();
    await router.navigate('/filtered/whatever');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
