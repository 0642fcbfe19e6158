import {
  accountReply,
  makeAccount,
  mockFetch,
  ORG_ACME,
  permissionsReply,
  renderApp,
  signInAs,
  stubRoutes,
  type FakeReply,
} from './utils';
import type { AppRoute } from '../app/routes';

type Replies = Record<string, FakeReply | ((init: RequestInit) => FakeReply)>;

/**
 * The app at `path`, signed in to Acme with these permissions and language, with the account calls
 * answered and `replies` for the rest; `routes` (default: every page a stub) may put real pages in.
 */
export function renderSignedIn(
  path: string,
  {
    permissions = [],
    language = 'en',
    replies = {},
    routes = stubRoutes(),
  }: { permissions?: number[]; language?: 'en' | 'fi'; replies?: Replies; routes?: AppRoute[] } = {},
) {
  signInAs('OK', ORG_ACME);
  const fetchMock = mockFetch({
    'GET /api/authentication/accounts': accountReply(makeAccount({ language })),
    'GET /api/privileges/account-roles': permissionsReply(permissions),
    ...replies,
  });
  return { fetchMock, ...renderApp(path, routes) };
}
