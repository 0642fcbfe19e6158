import type { ComponentType } from 'react';
import { ROUTE_TABLE, type RouteEntry } from './route-table';

export type { RouteAccess } from './route-table';

export interface AppRoute extends Omit<RouteEntry, 'page'> {
  load: () => Promise<{ default: ComponentType }>;
}

type PageModule = { default: ComponentType };
/** Every page module, each its own lazily loaded chunk. */
const PAGES = import.meta.glob<PageModule>(['../routes/**/*.tsx', '!../routes/**/*.test.tsx']);

function pageLoader(page: string): AppRoute['load'] {
  const load = PAGES[`../routes/${page}.tsx`];
  if (!load) throw new Error(`The route table names a page that does not exist: src/routes/${page}.tsx`);
  return load;
}

export const ROUTES: AppRoute[] = ROUTE_TABLE.map(({ page, ...route }) => ({
  ...route,
  load: pageLoader(page),
}));

/** The six setup steps in order (SPEC §2.6); index + 1 is the server's step number. */
export const SETUP_PATHS = ROUTES.filter((r) => r.access === 'setup').map((r) => r.path);

export function setupPathOfStep(step: number): string {
  return SETUP_PATHS[Math.min(Math.max(step, 1), SETUP_PATHS.length) - 1] ?? '/setup/create-organization';
}
