import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Account, SessionStatus } from '@sinetti/contract';
import '../lib/i18n';
import { buildRoutes } from '../app/router';
import { trackRouter } from '../app/routerState';
import { ROUTES, type AppRoute } from '../app/routes';
import { theme } from '../app/theme';
import { modalStore } from '../components/modals';
import { sessionStore } from '../lib/session';
import { checkMockReply } from './contract-replies';

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

export const ORG_PERSONAL = '00000000-0000-4000-8000-000000000001';
export const ORG_ACME = '00000000-0000-4000-8000-000000000002';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement, queryClient = createTestQueryClient()) {
  return { queryClient, ...render(<Providers queryClient={queryClient}>{ui}</Providers>) };
}

/** Every route of the table, each page replaced by a heading with its route name. */
export function stubRoutes(layout?: AppRoute['layout']): AppRoute[] {
  return ROUTES.map((r) => ({
    ...r,
    layout: layout ?? r.layout,
    load: () => Promise.resolve({ default: () => <h1>{`page:${r.name}`}</h1> }),
  }));
}

const stopTrackers: (() => void)[] = [];

/** The app's route tree in a memory router, starting at `path`. */
export function renderApp(path: string, routes: AppRoute[] = stubRoutes('bare')) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(buildRoutes(routes), { initialEntries: [path] });
  stopTrackers.push(trackRouter(router));
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}

export function signInAs(status: SessionStatus = 'OK', selectedOrganization: string | null = ORG_ACME): void {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status,
    selectedOrganization,
    lastBalance: null,
  });
}

/** Between tests: signed out, no modals, no fetch mock. */
export function resetTestState(): void {
  for (const stop of stopTrackers.splice(0)) stop();
  sessionStore.clear();
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

export function makeAccount(overrides: Partial<Account> = {}): Account {
  const now = '2025-01-01T00:00:00.000Z';
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    created: now,
    updated: now,
    subId: 'sub-1',
    platform: 'google',
    email: 'matti@example.com',
    person: {
      id: '00000000-0000-4000-8000-0000000000bb',
      created: now,
      updated: now,
      givenName: 'Matti',
      familyName: 'Meikäläinen',
      address: null,
    },
    fullName: 'Matti Meikäläinen',
    picture: null,
    organizations: [
      {
        id: ORG_PERSONAL,
        name: 'Personal',
        platform: 'google',
        ownerAccount: '00000000-0000-4000-8000-0000000000aa',
        plan: 'personal',
        isPersonal: true,
        isMine: true,
        isDefault: false,
        canLeave: false,
      },
      {
        id: ORG_ACME,
        name: 'Acme Oy',
        platform: 'google',
        ownerAccount: '00000000-0000-4000-8000-0000000000aa',
        plan: 'basic',
        isPersonal: false,
        isMine: true,
        isDefault: true,
        canLeave: false,
      },
    ],
    language: 'en',
    wizard: false,
    wizardSteps: { step: 6, data: {}, skipped: [], complete: true },
    defaultOrganization: ORG_ACME,
    selectedOrganization: ORG_ACME,
    settings: { region: 'US', timezone: 'Europe/Helsinki', language: 'en' },
    ...overrides,
  };
}

export interface FakeReply {
  status?: number;
  body: unknown;
  /** Headers besides the JSON content type (an ETag of a file reply). */
  headers?: Record<string, string>;
}

/**
 * Replaces fetch: `replies` maps "METHOD /api/path" to a reply (or a function of the request).
 * Unknown calls answer 404 NOT_FOUND. A successful JSON reply the contract's endpoint could not send fails
 * the test (test/contract-replies.ts). Returns the mock to inspect calls.
 */
export function mockFetch(replies: Record<string, FakeReply | ((init: RequestInit) => FakeReply)>) {
  const fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const entry = replies[key];
    const reply: FakeReply = entry
      ? typeof entry === 'function'
        ? entry(init)
        : entry
      : { status: 404, body: { status: 'ERROR', code: 'NOT_FOUND', message: `No mock for ${key}` } };
    checkMockReply(init.method ?? 'GET', url, reply.status ?? 200, reply.body);
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json', ...reply.headers },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function accountReply(account: Account = makeAccount(), status: SessionStatus = 'OK'): FakeReply {
  return {
    body: {
      status: 'OK',
      account,
      session: {
        updated: account.updated,
        status,
        selectedOrganization: account.selectedOrganization,
        lastBalance: null,
      },
    },
  };
}

export function permissionsReply(permissions: number[], isOwner = false): FakeReply {
  return { body: { status: 'OK', isOwner, permissions, keys: [], roles: [] } };
}

export function errorReply(code: string, status: number): FakeReply {
  return { status, body: { status: 'ERROR', code, message: code } };
}
