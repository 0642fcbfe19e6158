import { P } from '@sinetti/contract';
import type { FakeReply, mockFetch } from '../../test/utils';
import { renderSignedIn } from '../../test/signed-in';

export const states = (complete: boolean, step = 0): FakeReply => ({
  body: {
    status: 'OK',
    guides: { states: { dashboard: complete }, progress: { dashboard: { complete, step } } },
  },
});

/** The operator's config, with the tour offered or not. */
export const configReply = (tour: boolean): FakeReply => ({
  body: { status: 'OK', version: 'test', providers: [], feedback: null, tour, verifyMaxBytes: 20971520 },
});

/** The signed-in shell at `path`, with the tour offered (or not) and the guide in the given state. */
export function renderShellWithGuide({
  path = '/',
  guide = states(false),
  tour = true,
  permissions = [P.DOCUMENTS_CREATE],
  language = 'en',
}: {
  path?: string;
  guide?: FakeReply;
  tour?: boolean;
  permissions?: number[];
  language?: 'en' | 'fi';
} = {}) {
  return renderSignedIn(path, {
    permissions,
    language,
    replies: {
      'GET /api/config': configReply(tour),
      'GET /api/guides/states': guide,
      'POST /api/guides/set': { body: { status: 'OK' } },
    },
  });
}

/** The bodies the app sent to guides/set, in order. */
export function savedProgress(fetchMock: ReturnType<typeof mockFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/guides/set' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

export const guideFetches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/guides/states').length;
