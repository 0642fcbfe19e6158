import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, publicSigning } from '@sinetti/contract';
import { call } from './api';
import { earlyCallsSettled, startEarly, takeEarly, takeEarlyData } from './early-fetch';

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

  it('keep a successful reply’s body for the first render, once; the answer stays for an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/ok')
          ? reply({ status: 'OK', documentName: 'Early' })
          : new Response(JSON.stringify({ status: 'ERROR', code: 'NOT_FOUND', message: 'x' }), {
              status: 404,
            }),
      ),
    );
    startEarly('/api/x/ok');
    startEarly('/api/x/missing');
    expect(takeEarlyData('/api/x/ok')).toBeUndefined(); // not arrived yet
    await earlyCallsSettled(5_000);
    expect(takeEarlyData('/api/x/ok')).toEqual({ status: 'OK', documentName: 'Early' });
    expect(takeEarlyData('/api/x/ok')).toBeUndefined();
    expect(takeEarly('/api/x/ok')).toBeUndefined();
    expect(takeEarlyData('/api/x/missing')).toBeUndefined();
    expect((await takeEarly('/api/x/missing'))?.status).toBe(404);
  });

  it('are waited for at most the time given', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    startEarly('/api/x/never');
    await earlyCallsSettled(50);
    expect(takeEarly('/api/x/never')).toBeDefined();
  });
});
