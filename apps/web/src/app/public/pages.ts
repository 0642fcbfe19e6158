import type { ComponentType } from 'react';
import { ROUTE_TABLE, type PublicPageProps } from '../route-table';

export type PublicPage = ComponentType<PublicPageProps>;
type PageModule = { default: PublicPage };

/**
 * The page modules of the public root, each its own chunk. The glob names them by file (Vite needs a
 * literal); the route table decides which are public, and a test keeps the two in step.
 */
const MODULES = import.meta.glob<PageModule>([
  '../../routes/Signing*.tsx',
  '../../routes/SharedDocument.tsx',
  '!../../routes/**/*.test.tsx',
]);

/** The pages the public root shows, by their route table name (`page`). */
export const PUBLIC_PAGES: ReadonlyMap<string, () => Promise<PageModule>> = new Map(
  ROUTE_TABLE.filter((route) => route.root === 'public').map((route) => {
    const load = MODULES[`../../routes/${route.page}.tsx`];
    if (!load) throw new Error(`The public root has no module for src/routes/${route.page}.tsx`);
    return [route.page, load];
  }),
);
