import { fireEvent, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { sessionReply } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { makeAccount, signInAs } from '../../../test/utils';
import { SignInReturn } from './SignInReturn';

const wizard = (step: number) => ({ step, data: {}, skipped: [], complete: false });

function renderReturn(url: string) {
  return renderAt(
    <StrictMode>
      <SignInReturn />
    </StrictMode>,
    { path: '/redirect/:type?', url },
  );
}

afterEach(async () => {
  await changeLanguage('en');
  vi.unstubAllGlobals();
  sessionStore.clear();
});

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('sign-in return page', () => {
  it('exchanges the code once and continues to the current setup step', async () => {
    const fetchMock = mockApi({
      'POST /api/authentication/authorize': () => ({
        status: 'SETUP_REQUIRED',
        session: sessionReply('SETUP_REQUIRED'),
      }),
      'GET /api/authentication/wizard-steps': () => ({ status: 'OK', wizard: wizard(4) }),
    });
    renderReturn('/redirect?code=code-1&state=state-1');
    expect(screen.getByText('Signing you in…')).toBeInTheDocument();

    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/invite-users');
    expect(callsTo(fetchMock, 'POST /api/authentication/authorize')).toEqual([
      { type: 'google', code: 'code-1', state: 'state-1', language: 'en' },
    ]);
    const session = sessionStore.get();
    expect(session && session.status).toBe('SETUP_REQUIRED');
  });

  it('goes to the page the user wanted after a Microsoft sign-in, in the language chosen before', async () => {
    await changeLanguage('fi');
    const fetchMock = mockApi({
      'POST /api/authentication/authorize': () => ({
        status: 'OK',
        session: sessionReply('OK'),
        redirect: '/documents/abc?x=1',
      }),
    });
    renderReturn('/redirect/microsoft?code=code-2&state=state-2');
    expect(await screen.findByTestId('location')).toHaveTextContent('/documents/abc?x=1');
    expect(callsTo(fetchMock, 'POST /api/authentication/authorize')).toEqual([
      { type: 'microsoft', code: 'code-2', state: 'state-2', language: 'fi' },
    ]);
  });

  it('never follows a redirect to another site', async () => {
    mockApi({
      'POST /api/authentication/authorize': () => ({
        status: 'OK',
        session: sessionReply('OK'),
        redirect: '//evil.example.test/x',
      }),
    });
    renderReturn('/redirect/google?code=code-3&state=state-3');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends a refused permission to the Google page without calling the server', async () => {
    const fetchMock = mockApi({});
    renderReturn('/redirect?error=access_denied&state=s');
    expect(await screen.findByTestId('location')).toHaveTextContent('/google-unauthorized');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows an error with a way back to sign-in when the code is refused', async () => {
    mockApi({
      'POST /api/authentication/authorize': () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        message: 'Bad code',
      }),
    });
    renderReturn('/redirect?code=used&state=s');
    expect(await screen.findByText('Sign-in failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/signin');
  });

  it("explains another browser's sign-in link and offers to sign in again", async () => {
    mockApi({
      'POST /api/authentication/authorize': () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        reason: 'SIGN_IN_NOT_BOUND',
        message: 'This sign-in was not started in this browser.',
      }),
    });
    renderReturn('/redirect/google?code=attackers&state=attackers');
    expect(await screen.findByText('Sign-in not completed')).toBeInTheDocument();
    expect(screen.getByText(/was not started in this browser, so it was not completed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByText('This sign-in was not started in this browser.')).not.toBeInTheDocument();
  });

  it('keeps an existing session: says who is signed in and offers to continue or sign out', async () => {
    signInAs();
    const fetchMock = mockApi({
      'POST /api/authentication/authorize': () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'ALREADY_SIGNED_IN',
        message: 'This browser is already signed in.',
      }),
      'GET /api/authentication/accounts': () => ({
        status: 'OK',
        account: makeAccount({ email: 'victim@example.com' }),
        session: {
          updated: new Date().toISOString(),
          status: 'OK',
          selectedOrganization: null,
          lastBalance: null,
        },
      }),
      'POST /api/authentication/logout': () => ({ status: 'OK' }),
    });
    renderReturn('/redirect/google?code=c&state=s');
    expect(await screen.findByText('You are already signed in')).toBeInTheDocument();
    expect(await screen.findByText(/already signed in as victim@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Sinetti' })).toHaveAttribute('href', '/');
    expect(sessionStore.get()).toMatchObject({ id: 'secret-session-id' });

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin');
    expect(callsTo(fetchMock, 'POST /api/authentication/logout')).toHaveLength(1);
    expect(sessionStore.get()).toBeNull();
  });
});
