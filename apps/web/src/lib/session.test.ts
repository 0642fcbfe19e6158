import { SESSION_TTL_MS, type Session } from '@sinetti/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session';
import { STORAGE_KEYS, readJson } from './storage';

const session: Session = {
  id: 's1',
  updated: '2026-11-27T10:00:00.000Z',
  status: 'OK',
  selectedOrganization: 'org1',
  lastBalance: null,
};

afterEach(() => {
  sessionStore.clear();
  vi.useRealTimers();
});

describe('sessionStore', () => {
  it('an API reply keeps the session alive for another two hours, without rendering the pages again', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    sessionStore.signIn(session);
    const before = sessionStore.get();
    const listener = vi.fn();
    const off = sessionStore.subscribe(listener);

    vi.setSystemTime(new Date('2026-11-27T11:30:00Z'));
    sessionStore.touch();
    expect(listener).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBe(before);
    expect(readJson<{ updated: number }>(STORAGE_KEYS.session)?.updated).toBe(Date.now());

    // Two hours after sign-in, but 90 minutes after the last reply: still signed in.
    vi.setSystemTime(new Date('2026-11-27T13:00:00Z'));
    expect(sessionStore.get()).toMatchObject({ id: 's1' });
    // Two hours after the last reply: lapsed.
    vi.setSystemTime(Date.parse('2026-11-27T11:30:00Z') + SESSION_TTL_MS + 1);
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.lapsedIdle()).toBe(true);
    off();
  });

  it('tells its subscribers when what the pages show changes', () => {
    sessionStore.signIn(session);
    const listener = vi.fn();
    const off = sessionStore.subscribe(listener);
    sessionStore.setStatus('SETUP_REQUIRED');
    sessionStore.selectOrganization('org2');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(sessionStore.get()).toMatchObject({ status: 'SETUP_REQUIRED', selectedOrganization: 'org2' });
    off();
  });
});
