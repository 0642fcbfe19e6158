import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJson, STORAGE_KEYS } from '../../lib/storage';
import { resetTestState } from '../../test/utils';
import { guideFetches, renderShellWithGuide, savedProgress, states } from './tour-test-kit';

afterEach(() => {
  vi.useRealTimers();
  resetTestState();
  localStorage.clear();
});

const ACCOUNT = '00000000-0000-4000-8000-0000000000aa';

/**
 * Lets the app load and its queries answer, without moving the faked clock: query notifications wait
 * for zero-delay timeouts (run here), lazy routes for real I/O (setImmediate is not faked).
 */
async function settle(until?: () => boolean) {
  const deadline = performance.now() + 10_000;
  for (let i = 0; (until ? !until() : i < 50) && performance.now() < deadline; i++) {
    await act(() => vi.advanceTimersByTimeAsync(0));
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const createShown = () => screen.queryByRole('button', { name: 'Create' }) !== null;

describe('guide state fetch (SPEC §2.8, §9: 1 s)', { timeout: 20_000 }, () => {
  it('fetches 1 s after load and 1 s after each route change, not sooner', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetchMock, router } = renderShellWithGuide({ guide: states(true) });
    await settle(createShown);
    expect(createShown()).toBe(true);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(guideFetches(fetchMock)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(guideFetches(fetchMock)).toBe(1);

    await act(() => router.navigate('/documents'));
    await settle();
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

describe('when the tour shows', { timeout: 20_000 }, () => {
  it('shows on the dashboard while the guide is not complete', async () => {
    renderShellWithGuide();
    expect(
      await screen.findByRole('dialog', { name: 'Welcome to Sinetti' }, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('resumes at the step reached', async () => {
    renderShellWithGuide({ guide: states(false, 2) });
    const dialog = await screen.findByRole('dialog', { name: 'Create' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Step 3 of 8');
  });

  it('does not show on other pages, nor once complete on the server', async () => {
    const elsewhere = renderShellWithGuide({ path: '/documents' });
    await waitFor(() => expect(guideFetches(elsewhere.fetchMock)).toBe(1), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetTestState();
    elsewhere.unmount();

    const done = renderShellWithGuide({ guide: states(true) });
    await waitFor(() => expect(guideFetches(done.fetchMock)).toBe(1), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show when this browser kept it complete, and tells the server again', async () => {
    localStorage.setItem(
      STORAGE_KEYS.guide,
      JSON.stringify({ [ACCOUNT]: { dashboard: { complete: true, step: 7 } } }),
    );
    const { fetchMock } = renderShellWithGuide();
    await waitFor(() => expect(savedProgress(fetchMock)).toEqual([{ name: 'dashboard', complete: true }]), {
      timeout: 5000,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readJson(STORAGE_KEYS.guide)).toEqual({ [ACCOUNT]: { dashboard: { complete: true, step: 7 } } });
  });
});
