import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { sessionStore } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage';
import {
  accountReply,
  createTestQueryClient,
  errorReply,
  makeAccount,
  mockFetch,
  renderApp,
  resetTestState,
  signInAs,
} from '../test/utils';
import { handleApiError } from './useApiErrorNavigation';

afterEach(resetTestState);

describe('API errors at the app root (SPEC §8)', () => {
  it('UNAUTHORIZED_ACCESS expires the session and shows /session-expired', async () => {
    signInAs();
    mockFetch({ 'GET /api/authentication/accounts': errorReply('UNAUTHORIZED_ACCESS', 401) });
    const { router } = renderApp('/documents');
    await screen.findByText('page:SessionExpired');
    expect(router.state.location.pathname).toBe('/session-expired');
    await waitFor(() => expect(sessionStore.get()).toBeNull());
  });

  it('SESSION_INVALID clears session and storage and goes to /signin', async () => {
    signInAs();
    localStorage.setItem(STORAGE_KEYS.guide, '{"x":1}');
    mockFetch({ 'GET /api/authentication/accounts': errorReply('SESSION_INVALID', 401) });
    const { router } = renderApp('/documents');
    await screen.findByText('page:SignIn');
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('');
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.guide)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('SETUP_REQUIRED marks the session and goes to the current wizard step', async () => {
    signInAs('OK');
    const account = makeAccount({
      wizard: true,
      wizardSteps: { step: 2, data: {}, skipped: [], complete: false },
    });
    mockFetch({ 'GET /api/authentication/accounts': accountReply(account, 'SETUP_REQUIRED') });
    const navigate = vi.fn();
    handleApiError(new ApiError('SETUP_REQUIRED', 'Setup required', 403), {
      navigate,
      queryClient: createTestQueryClient(),
      pathname: '/documents',
    });
    expect(sessionStore.get()).toMatchObject({ status: 'SETUP_REQUIRED' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/setup/organization-name', { replace: true }));
  });

  it('UNAUTHORIZED_GOOGLE goes to /google-unauthorized', () => {
    const navigate = vi.fn();
    handleApiError(new ApiError('UNAUTHORIZED_GOOGLE', 'Refused', 401), {
      navigate,
      queryClient: createTestQueryClient(),
      pathname: '/redirect',
    });
    expect(navigate).toHaveBeenCalledWith('/google-unauthorized', { replace: true });
  });

  it('leaves other codes to the caller', () => {
    signInAs();
    const navigate = vi.fn();
    handleApiError(new ApiError('FORBIDDEN', 'No', 403), {
      navigate,
      queryClient: createTestQueryClient(),
      pathname: '/',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStore.get()).toMatchObject({ status: 'OK' });
  });
});
