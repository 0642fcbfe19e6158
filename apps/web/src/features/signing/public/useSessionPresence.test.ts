import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_HEARTBEAT_MS } from '@sinetti/contract';
import { ApiError } from '../../../lib/api';
import { callsTo, mockApi } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { useSessionPresence } from './useSessionPresence';

const T = 'h'.repeat(43);
const OTHER = 'o'.repeat(43);
const beatOf = (token: string) => `POST /api/signing/session/${token}/heartbeat`;
const leaveOf = (token: string) => `POST /api/signing/session/${token}/leave`;
const HEARTBEAT = beatOf(T);
const LEAVE = leaveOf(T);
const ok = () => ({ status: 'OK', expiresAt: '2030-01-01T00:00:00.000Z' });

afterEach(() => {
  vi.useRealTimers();
  resetTestState();
});

const present = (token = T, onEnded = vi.fn()) => ({
  onEnded,
  ...renderHook(({ t }) => useSessionPresence(t, onEnded), { initialProps: { t: token } }),
});

/** The fetch calls made to one endpoint, with their options (callsTo gives only the bodies). */
const requests = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

describe('signing session presence (SPEC §4.2 locked)', () => {
  it('beats every SIGNING_HEARTBEAT_MS at the session’s heartbeat address, not before', async () => {
    vi.useFakeTimers();
    const fetchMock = mockApi({ [HEARTBEAT]: ok });
    present();
    // Opening the page already holds the lock (the session call): the first beat is a minute later.
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(SIGNING_HEARTBEAT_MS - 1));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2 * SIGNING_HEARTBEAT_MS));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops beating and listening once the page is gone', async () => {
    vi.useFakeTimers();
    const fetchMock = mockApi({ [HEARTBEAT]: ok, [LEAVE]: () => ({ status: 'OK' }) });
    const { unmount } = present();
    await act(() => vi.advanceTimersByTimeAsync(SIGNING_HEARTBEAT_MS));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(1);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(5 * SIGNING_HEARTBEAT_MS));
    window.dispatchEvent(new Event('pageshow'));
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a new session token beats at its own address only', async () => {
    vi.useFakeTimers();
    const fetchMock = mockApi({ [HEARTBEAT]: ok, [beatOf(OTHER)]: ok });
    const { rerender } = present();
    rerender({ t: OTHER });
    await act(() => vi.advanceTimersByTimeAsync(SIGNING_HEARTBEAT_MS));
    expect(callsTo(fetchMock, beatOf(OTHER))).toHaveLength(1);
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(0);
  });

  it('on pagehide frees the document at once with a keepalive leave that outlives the page', () => {
    const fetchMock = mockApi({ [LEAVE]: () => ({ status: 'OK' }) });
    present();
    window.dispatchEvent(new Event('pagehide'));
    const leaves = requests(fetchMock, LEAVE);
    expect(leaves).toHaveLength(1);
    expect(leaves[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(0);
  });

  it('beats at once when the page shows again or becomes visible, not while it is hidden', () => {
    const fetchMock = mockApi({ [HEARTBEAT]: ok });
    present();
    window.dispatchEvent(new Event('pageshow'));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(1);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(callsTo(fetchMock, HEARTBEAT)).toHaveLength(2);
  });

  it.each([
    ['idle, the lock went to another signee', 'CONFLICT', 'SIGNING_SESSION_IDLE'],
    ['cancelled by the sender', 'CONFLICT', 'SIGNING_CANCELLED'],
    ['declined by a signee', 'CONFLICT', 'SIGNING_DECLINED'],
    ['unknown or replaced', 'NOT_FOUND', 'SIGNING_LINK_INVALID'],
  ] as const)('an ended session (%s) is reported with the server’s reason', async (_name, code, reason) => {
    mockApi({ [HEARTBEAT]: () => ({ status: 'ERROR', code, reason, message: 'x' }) });
    const { onEnded } = present();
    window.dispatchEvent(new Event('pageshow'));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    const error = onEnded.mock.calls[0]?.[0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
    expect(error.reason).toBe(reason);
  });

  it('a server fault or lost connection does not end the page; a later ended answer does', async () => {
    let reply: () => unknown = () => ({ status: 'ERROR', code: 'INTERNAL', message: 'boom' });
    mockApi({ [HEARTBEAT]: () => reply() });
    const { onEnded } = present();
    window.dispatchEvent(new Event('pageshow'));
    reply = () => ({ status: 'ERROR', code: 'CONFLICT', reason: 'SIGNING_SESSION_EXPIRED', message: 'x' });
    window.dispatchEvent(new Event('pageshow'));
    // Both beats are answered in order: once the second is reported, the first (a fault) was not.
    await waitFor(() => expect(onEnded).toHaveBeenCalled());
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect((onEnded.mock.calls[0]?.[0] as ApiError).reason).toBe('SIGNING_SESSION_EXPIRED');
  });

  it('reports to the latest callback the page gave', async () => {
    mockApi({
      [HEARTBEAT]: () => ({ status: 'ERROR', code: 'CONFLICT', reason: 'SIGNING_CANCELLED', message: 'x' }),
    });
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = renderHook(({ cb }) => useSessionPresence(T, cb), { initialProps: { cb: first } });
    rerender({ cb: latest });
    window.dispatchEvent(new Event('pageshow'));
    await waitFor(() => expect(latest).toHaveBeenCalledTimes(1));
    expect(first).not.toHaveBeenCalled();
  });
});
