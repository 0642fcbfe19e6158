import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, publicSigning } from '@sinetti/contract';
import { call } from './api';
import { startEarly, takeEarly } from './early-fetch';

afterEach(() => vi.unstubAllGlobals());

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('early calls', () => {
  it('start a public GET with the app’s header; its answer is taken once', async () => {
    const fetchMock = vi.fn(async () => reply({ status: 'OK' }));
    vi.stubGlobal('fetch', fetchMock);
    startEarly('/api/x');
    startEarly('/api/x');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/x', { headers: { 'application-id': 'Frontend' } });
    expect(takeEarly('/api/x')).toBeDefined();
    expect(takeEarly('/api/x')).toBeUndefined();
  });

  it('answer the page’s first call of the same URL; the next call asks the server', async () => {
    const early = { status: 'OK', locked: false, signed: false, completed: false, documentName: 'Early' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(early)),
    );
    startEarly('/api/signing/status/signee/T');
    const later = vi.fn(async () => reply({ ...early, documentName: 'Later' }));
    vi.stubGlobal('fetch', later);
    const first = await call(publicSigning.status, { params: { token: 'T' } });
    expect(first).toMatchObject({ documentName: 'Early' });
    expect(later).not.toHaveBeenCalled();
    const second = await call(publicSigning.status, { params: { token: 'T' } });
    expect(second).toMatchObject({ documentName: 'Later' });
  });

  it('are never taken by a call that needs a session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ status: 'OK' })),
    );
    startEarly('/api/authentication/accounts');
    const asked = vi.fn(async () => reply({ status: 'ERROR', code: 'NO_SESSION', message: 'x' }));
    vi.stubGlobal('fetch', asked);
    await call(api.authentication.accounts).catch(() => undefined);
    expect(takeEarly('/api/authentication/accounts')).toBeDefined();
  });
});
