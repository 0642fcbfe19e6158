import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodePathParam } from '../../../app/routes';
import { showError } from '../../../components/toast';
import { sessionStore } from '../../../lib/session';
import { signInAs } from '../../../test/utils';
import { browser } from '../lib/browser';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { SignInPanel } from './SignInPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const config = (local: boolean) => ({
  status: 'OK',
  version: 'test',
  providers: [
    { platform: 'google', local },
    { platform: 'microsoft', local },
  ],
});

afterEach(() => {
  vi.useRealTimers();
  sessionStore.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('sign-in buttons', { timeout: 20_000 }, () => {
  it('send the browser to the provider with the decoded redirect target', async () => {
    const goTo = vi.spyOn(browser, 'goTo').mockImplementation(() => {});
    const fetchMock = mockApi({
      'GET /api/config': () => config(false),
      'POST /api/authentication/login': () => ({
        status: 'AUTHORIZATION_REQUIRED',
        redirectUrl: 'https://accounts.example.test/authorize?x=1',
      }),
    });
    const redirect = encodePathParam('/documents/abc');
    renderAt(<SignInPanel variant="signIn" />, { path: '/signin', url: `/signin?redirect=${redirect}` });

    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await userEvent.click(google);

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://accounts.example.test/authorize?x=1'));
    expect(callsTo(fetchMock, 'POST /api/authentication/login')).toEqual([
      { type: 'CLIENT_GOOGLE', redirect: '/documents/abc' },
    ]);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('say why after a session ran out from 2 hours without activity, and only then', async () => {
    mockApi({ 'GET /api/config': () => config(false) });
    const { unmount } = renderAt(<SignInPanel variant="signIn" />, { path: '/signin' });
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.queryByText(/without activity/)).not.toBeInTheDocument();
    unmount();

    signInAs('OK');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000 + 1000);
    expect(sessionStore.get()).toBeNull();
    renderAt(<SignInPanel variant="signIn" />, { path: '/signin' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You were signed out after 2 hours without activity.',
    );
  });

  it('say when the built-in development provider is used', async () => {
    mockApi({ 'GET /api/config': () => config(true) });
    renderAt(<SignInPanel variant="signUp" />, { path: '/signup' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Development sign-in: no real Google or Microsoft account is used.',
    );
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
  });

  it('report rate limiting with its own message', async () => {
    const goTo = vi.spyOn(browser, 'goTo').mockImplementation(() => {});
    mockApi({
      'GET /api/config': () => config(false),
      'POST /api/authentication/login': () => ({
        status: 'ERROR',
        code: 'RATE_LIMITED',
        message: 'Slow down',
      }),
    });
    renderAt(<SignInPanel variant="signIn" />, { path: '/signin' });
    const microsoft = await screen.findByRole('button', { name: 'Sign in with Microsoft' });
    await waitFor(() => expect(microsoft).toBeEnabled());
    await userEvent.click(microsoft);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Too many sign-in attempts. Please wait a moment and try again.',
      ),
    );
    expect(goTo).not.toHaveBeenCalled();
    expect(microsoft).toBeEnabled();
  });
});
