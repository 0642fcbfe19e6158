import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@sinetti/contract';
import { errorReply, mockFetch, resetTestState, signInAs, type FakeReply } from '../test/utils';
import { call } from './api';
import { installErrorReporting, reportError, resetErrorReports } from './error-reporting';

beforeEach(() => {
  signInAs();
  resetErrorReports();
});
afterEach(() => resetTestState());

const REPORTS = 'POST /api/error-reports';
function withReports(replies: Record<string, FakeReply>) {
  const fetchMock = mockFetch({ ...replies, [REPORTS]: { body: { status: 'OK' } } });
  const reports = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => url === '/api/error-reports' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetchMock, reports };
}

describe('failed calls (SPEC §8)', () => {
  it('are reported when the server failed: endpoint, code, status and the request id', async () => {
    const fetchMock = mockFetch({ [REPORTS]: { body: { status: 'OK' } } });
    // The reply carries the request id header, as the server's replies do.
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ status: 'ERROR', code: 'INTERNAL', message: 'Boom' }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-123' },
        }),
    );
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'INTERNAL' });
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/error-reports');
    expect(sent).toHaveLength(1);
    const [, init] = sent[0]!;
    expect(init?.keepalive).toBe(true);
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'call',
      message: 'Boom',
      endpoint: 'authentication.accounts',
      code: 'INTERNAL',
      status: 500,
      requestId: 'req-123',
      page: '/',
    });
  });

  it('are reported when a reply cannot be read, even with status 200', async () => {
    const fetchMock = mockFetch({ [REPORTS]: { body: { status: 'OK' } } });
    fetchMock.mockImplementationOnce(async () => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'INTERNAL' });
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/error-reports');
    expect(JSON.parse(String(sent[0]?.[1]?.body))).toMatchObject({
      kind: 'call',
      code: 'INTERNAL',
      status: 200,
    });
  });

  it('are not reported when the reply was cut off (the page left or the connection dropped)', async () => {
    const fetchMock = mockFetch({ [REPORTS]: { body: { status: 'OK' } } });
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"status":"OK","acc'));
        controller.error(new TypeError('network error'));
      },
    });
    fetchMock.mockImplementationOnce(async () => new Response(cutOff, { status: 200 }));
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/error-reports')).toEqual([]);
  });

  it('are not reported for the expected answers of normal use (4xx)', async () => {
    const { reports } = withReports({
      'GET /api/authentication/accounts': errorReply('NOT_FOUND', 404),
      'POST /api/authentication/logout': errorReply('VALIDATION_FAILED', 400),
    });
    await expect(call(api.authentication.accounts)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(call(api.authentication.logout)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(reports()).toEqual([]);
  });
});

describe('uncaught errors', () => {
  it('are reported with their stack; failed calls and other origins’ scripts are not reported again', async () => {
    const { reports } = withReports({});
    installErrorReporting();
    const error = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, filename: '' }));
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Script error.',
        filename: 'chrome-extension://abc/content.js',
      }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = Object.assign(new Error('Request failed.'), { name: 'ApiError' });
    window.dispatchEvent(rejection);
    const other = new Event('unhandledrejection') as Event & { reason: unknown };
    other.reason = 'plain rejection';
    window.dispatchEvent(other);

    const sent = reports();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ kind: 'uncaught', message: 'TypeError: x is undefined', page: '/' });
    expect(String(sent[0]!.stack)).toContain('x is undefined');
    expect(sent[1]).toMatchObject({ kind: 'uncaught', message: 'plain rejection' });
  });

  it('the same failure is sent once, and a page load sends at most ten', () => {
    const { reports } = withReports({});
    for (let i = 0; i < 3; i++) reportError({ kind: 'uncaught', message: 'same' });
    for (let i = 0; i < 20; i++) reportError({ kind: 'uncaught', message: `loop ${i}` });
    expect(reports()).toHaveLength(10);
    expect(reports().filter((r) => r.message === 'same')).toHaveLength(1);
  });
});
