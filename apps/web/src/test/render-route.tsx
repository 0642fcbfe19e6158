import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { httpStatusOf, type ErrorCode } from '@sinetti/contract';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import '../lib/i18n';

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `path` (opened as `url`); any other path shows where the app navigated. */
export function renderAt(
  element: ReactElement,
  { path = '/', url = path }: { path?: string; url?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<CurrentLocation />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

type Handler = (body: unknown) => unknown;

/**
 * Replaces fetch: `"POST /api/authentication/login"` → reply (or a promise of one: a reply that arrives when
 * the test says). Unknown calls answer NOT_FOUND.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    const reply = handler
      ? await handler(typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined))
      : { status: 'ERROR', code: 'NOT_FOUND', message: `No mock for ${key}` };
    const code = (reply as { status?: string; code?: ErrorCode }).code;
    const status = (reply as { status?: string }).status === 'ERROR' ? httpStatusOf(code ?? 'INTERNAL') : 200;
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one endpoint key, with their parsed bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
