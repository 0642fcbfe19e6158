import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQuery } from '../../lib/account';
import { readJson, STORAGE_KEYS } from '../../lib/storage';
import {
  accountReply,
  createTestQueryClient,
  makeAccount,
  mockFetch,
  ORG_ACME,
  renderWithProviders,
  resetTestState,
  signInAs,
} from '../../test/utils';
import { systemConfigQuery } from '../../lib/system-config';
import { GuideHost } from './GuideHost';
import { configReply, guideFetches, renderShellWithGuide, savedProgress, states } from './tour-test-kit';

afterEach(() => {
  vi.useRealTimers();
  resetTestState();
  localStorage.clear();
});

const ACCOUNT = '00000000-0000-4000-8000-0000000000aa';

/**
 * The host alone, on a faked clock, for an account whose data and the operator's config are already
 * known: its delay is all that is measured, with no lazy page or shell loading under the faked clock.
 */
function renderHostOnly() {
  signInAs('OK', ORG_ACME);
  const account = accountReply(makeAccount());
  const config = configReply(true);
  const fetchMock = mockFetch({
    'GET /api/authentication/accounts': account,
    'GET /api/config': config,
    'GET /api/guides/states': states(true),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(accountQuery.queryKey, account.body as never);
  queryClient.setQueryData(systemConfigQuery.queryKey, config.body as never);
  const Layout = () => (
    <>
      <GuideHost />
      <Outlet />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>dashboard</h1> },
          { path: '/documents', element: <h1>documents</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return { fetchMock, router };
}

describe('guide state fetch (SPEC §2.8, §9: 1 s)', () => {
  it('fetches 1 s after load and 1 s after each route change, not sooner', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchMock, router } = renderHostOnly();
    expect(screen.getByRole('heading', { name: 'dashboard' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(guideFetches(fetchMock)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(guideFetches(fetchMock)).toBe(1);

    await act(() => router.navigate('/documents'));
    expect(screen.getByRole('heading', { name: 'documents' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(guideFetches(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(guideFetches(fetchMock)).toBe(2);
  });

  it('is not fetched, and the tour not shown, when the operator switched the tour off', async () => {
    const { fetchMock } = renderShellWithGuide({ tour: false });
    await screen.findByRole('button', { name: 'Create' });
    await new Promise((r) => setTimeout(r, 1300));
    expect(guideFetches(fetchMock)).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('when the tour shows', () => {
  it('shows on the dashboard while the guide is not complete', async () => {
    renderShellWithGuide();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Sinetti' })).toBeVisible();
  });

  it('resumes at the step reached', async () => {
    renderShellWithGuide({ guide: states(false, 2) });
    const dialog = await screen.findByRole('dialog', { name: 'Create' });
    expect(dialog).toHaveTextContent('Step 3 of 8');
  });

  it('does not show on other pages, nor once complete on the server', async () => {
    const elsewhere = renderShellWithGuide({ path: '/documents' });
    await waitFor(() => expect(guideFetches(elsewhere.fetchMock)).toBe(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetTestState();
    elsewhere.unmount();

    const done = renderShellWithGuide({ guide: states(true) });
    await waitFor(() => expect(guideFetches(done.fetchMock)).toBe(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show when this browser kept it complete, and tells the server again', async () => {
    localStorage.setItem(
      STORAGE_KEYS.guide,
      JSON.stringify({ [ACCOUNT]: { dashboard: { complete: true, step: 7 } } }),
    );
    const { fetchMock } = renderShellWithGuide();
    await waitFor(() => expect(savedProgress(fetchMock)).toEqual([{ name: 'dashboard', complete: true }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readJson(STORAGE_KEYS.guide)).toEqual({ [ACCOUNT]: { dashboard: { complete: true, step: 7 } } });
  });
});
