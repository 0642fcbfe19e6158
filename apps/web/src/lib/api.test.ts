import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, FRESH_READS_AFTER_WRITE_MS, MAY_HAVE_WRITTEN_HEADER } from '@sinetti/contract';
import { errorReply, mockFetch, resetTestState, signInAs } from '../test/utils';
import { ApiError, call, onApiError, setPublicRoute } from './api';
import { sessionStore } from './session';

afterEach(() => {
  setPublicRoute(false);
  resetTestState();
});

describe('API client', () => {
  it('raises NO_SESSION locally for a non-public endpoint when signed out', async () => {
    const fetchMock = mockFetch({});
    setPublicRoute(false);
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'NO_SESSION' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls a non-public endpoint without a session while the route is public', async () => {
    const fetchMock = mockFetch({ 'GET /api/authentication/accounts': errorReply('SESSION_INVALID', 401) });
    setPublicRoute(true);
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'SESSION_INVALID' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the application id, session id and selected organization', async () => {
    signInAs('OK', 'org-1');
    const fetchMock = mockFetch({ 'POST /api/authentication/logout': { body: { status: 'OK' } } });
    await call(api.authentication.logout);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'application-id': 'Frontend',
      'session-id': 'secret-session-id',
      'company-id': 'org-1',
    });
  });

  it('raises the reply code and tells the listeners', async () => {
    signInAs();
    mockFetch({ 'GET /api/authentication/accounts': errorReply('FORBIDDEN', 403) });
    const listener = vi.fn();
    const off = onApiError(listener);
    const error = await call(api.authentication.accounts).catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    expect(listener).toHaveBeenCalledWith(error);
  });

  it('does not refresh the session on UNAUTHORIZED_ACCESS', async () => {
    signInAs();
    const before = sessionStore.get();
    if (!before) throw new Error('signed in expected');
    vi.spyOn(Date, 'now').mockReturnValue(before.updated + 60_000);
    mockFetch({ 'GET /api/authentication/accounts': errorReply('UNAUTHORIZED_ACCESS', 401) });
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'UNAUTHORIZED_ACCESS' });
    expect(sessionStore.get()).toMatchObject({ updated: before.updated });
  });

  it('reports an unreachable server as NETWORK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(api.system.health)).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('asks for fresh reads for a moment after a call that may have written (the server keeps replies)', async () => {
    signInAs();
    // Long ago, so that the moment is over for the tests after this one.
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const stats = { status: 'OK', draft: 0, pending: 0, complete: 0, archived: 0, published: 0 };
    const fetchMock = mockFetch({
      'POST /api/authentication/logout': {
        body: { status: 'OK' },
        headers: { [MAY_HAVE_WRITTEN_HEADER]: '1' },
      },
      'GET /api/documents/stats': { body: stats },
    });
    await call(api.documents.stats);
    await call(api.authentication.logout);
    await call(api.documents.stats);
    now.mockReturnValue(1_000_000 + FRESH_READS_AFTER_WRITE_MS + 1);
    await call(api.documents.stats);
    const cacheControl = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['cache-control'],
    );
    expect(cacheControl).toEqual([undefined, undefined, 'no-cache', undefined]);
  });
});
