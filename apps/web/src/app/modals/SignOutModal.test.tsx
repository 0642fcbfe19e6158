import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../components/modals';
import { sessionStore } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { accountReply, mockFetch, renderApp, resetTestState, signInAs } from '../../test/utils';
import { registerAppModals } from '.';

beforeAll(registerAppModals);
afterEach(resetTestState);

async function confirmSignOut() {
  act(() => modalStore.open('sign-out'));
  fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
}

describe('sign-out modal', () => {
  it('ends the session on the server and here, then shows plain sign-in', async () => {
    // Visit sign-in first so that its page is already loaded when signing out.
    const fetchMock = mockFetch({
      'GET /api/authentication/accounts': accountReply(),
      'POST /api/authentication/logout': { body: { status: 'OK' } },
    });
    const { router } = renderApp('/signin');
    await screen.findByText('page:SignIn');
    act(() => signInAs());
    await screen.findByText('page:Dashboard');

    await confirmSignOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    await screen.findByText('page:SignIn');
    expect(router.state.location.search).toBe('');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/authentication/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    await waitFor(() => expect(modalStore.isOpen('sign-out')).toBe(false));
  });

  it('still signs out locally when the server cannot be reached', async () => {
    signInAs();
    mockFetch({ 'GET /api/authentication/accounts': accountReply() });
    const { router } = renderApp('/documents');
    await screen.findByText('page:Documents');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );

    await confirmSignOut();
    await screen.findByText('page:SignIn');
    expect(router.state.location.pathname).toBe('/signin');
    expect(sessionStore.get()).toBeNull();
  });

  it('closes on overlay click', async () => {
    signInAs();
    mockFetch({ 'GET /api/authentication/accounts': accountReply() });
    renderApp('/');
    await screen.findByText('page:Dashboard');
    act(() => modalStore.open('sign-out'));
    fireEvent.click(await screen.findByTestId('modal-overlay'));
    expect(modalStore.isOpen('sign-out')).toBe(false);
    expect(sessionStore.get()).not.toBeNull();
  });
});
