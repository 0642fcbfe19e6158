import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountSync } from '../app/useAccountSync';
import type { ReactNode } from 'react';
import {
  accountReply,
  createTestQueryClient,
  makeAccount,
  mockFetch,
  Providers,
  resetTestState,
  signInAs,
} from '../test/utils';
import i18n, { applyAccountLanguage, changeLanguage, takeQueryLanguage } from './i18n';
import { STORAGE_KEYS, readJson } from './storage';

afterEach(async () => {
  resetTestState();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function wrapper({ children }: { children: ReactNode }) {
  return <Providers queryClient={createTestQueryClient()}>{children}</Providers>;
}

function fakeWindow(href: string) {
  const history = { state: { idx: 3 }, replaceState: vi.fn() };
  return { location: { href }, history };
}

describe('?lang= is applied once and stays (SPEC §1)', () => {
  it('takes the language out of the address, keeping the rest of it', () => {
    const w = fakeWindow('https://sinetti.test/documents/x?lang=fi&sort=name#top');
    expect(takeQueryLanguage(w.location, w.history)).toBe('fi');
    expect(w.history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/documents/x?sort=name#top');
    // The account then takes the language from the address instead of overriding it, once.
    expect(applyAccountLanguage('en')).toBe('fi');
    expect(applyAccountLanguage('en')).toBeNull();
  });

  it('leaves public signing links as they are (they carry the signee language)', () => {
    const w = fakeWindow('https://sinetti.test/public/sign/abc?lang=fi');
    expect(takeQueryLanguage(w.location, w.history)).toBe('fi');
    expect(w.history.replaceState).not.toHaveBeenCalled();
    expect(applyAccountLanguage('fi')).toBeNull();
  });

  it('removes an unknown language without choosing it', () => {
    const w = fakeWindow('https://sinetti.test/signin?lang=sv');
    expect(takeQueryLanguage(w.location, w.history)).toBeNull();
    expect(w.history.replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/signin');
    expect(applyAccountLanguage('en')).toBeNull();
  });

  it('saves the language of ?lang= on the signed-in account, which keeps it on the next visit', async () => {
    await changeLanguage('fi');
    const w = fakeWindow('https://sinetti.test/?lang=fi');
    takeQueryLanguage(w.location, w.history);
    signInAs('OK');
    const fetchMock = mockFetch({
      'GET /api/authentication/accounts': accountReply(makeAccount({ language: 'en' })),
      'GET /api/authentication/language/fi': { body: { status: 'OK', language: 'fi' } },
    });
    renderHook(() => useAccountSync(), { wrapper });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/authentication/language/fi'),
    );
    expect(i18n.language).toBe('fi');
    expect(readJson(STORAGE_KEYS.language)).toBe('fi');
  });

  it('otherwise follows the account language', async () => {
    signInAs('OK');
    mockFetch({ 'GET /api/authentication/accounts': accountReply(makeAccount({ language: 'fi' })) });
    renderHook(() => useAccountSync(), { wrapper });
    await waitFor(() => expect(i18n.language).toBe('fi'));
  });
});
