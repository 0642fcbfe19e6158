import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { AppRoot } from './AppRoot';
import { PageLoader } from '../components/PageLoader';
import { Guard } from './guards';
import { MAIN_CONTENT_ID } from './layout/SkipLink';
import { RouteError } from './RouteError';
import { trackRouter, type RouteHandle } from './routerState';
import { loadTexts } from '../lib/i18n';
import { pageLoads } from '../lib/page-navigation';
import { SIGNED_IN_TEXTS, textsOf } from './route-table';
import { ROUTES, type AppRoute, type RouteAccess } from './routes';

/** A page without the shell is all content: it is the main landmark and the skip link's target. */
function BareLayout() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/** The signed-in frame (header, navigation, their modals) loads only for pages that have it. */
async function loadShell() {
  const [layout] = await Promise.all([import('./layout/ShellLayout'), loadTexts(SIGNED_IN_TEXTS)]);
  return { Component: layout.ShellLayout };
}

/**
 * A `root: 'public'` page (a signee's signing pages) is not part of the app: the public root shows it, so
 * going there from the app loads the page (main.tsx then starts that root).
 */
function PublicRootPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => pageLoads.assign(pathname + search + hash), [pathname, search, hash]);
  return <PageLoader />;
}

const ACCESS_ORDER: RouteAccess[] = ['public', 'signedOut', 'protected', 'setup'];

function pageRoute(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name, access: route.access } satisfies RouteHandle,
    lazy: async () => {
      const [page] = await Promise.all([route.load(), loadTexts(textsOf(route))]);
      return { Component: page.default };
    },
  };
}

/**
 * The route tree: a root (API error handling, modals), one guard per access rule, the shell
 * layout around 'shell' pages, the public root's pages as page loads, and unknown paths sent to
 * /page-not-found.
 */
export function buildRoutes(routes: AppRoute[] = ROUTES): RouteObject[] {
  const publicRoot = routes
    .filter((r) => r.root === 'public')
    .map((r): RouteObject => ({ path: r.path, element: <PublicRootPage /> }));
  const guarded = ACCESS_ORDER.flatMap((access): RouteObject[] => {
    const own = routes.filter((r) => r.access === access && r.root !== 'public');
    if (own.length === 0) return [];
    const shell = own.filter((r) => r.layout === 'shell').map(pageRoute);
    const bare = own.filter((r) => r.layout === 'bare').map(pageRoute);
    const children = [
      ...(shell.length > 0 ? [{ lazy: loadShell, children: shell }] : []),
      ...(bare.length > 0 ? [{ element: <BareLayout />, children: bare }] : []),
    ];
    return [{ element: <Guard access={access} />, children }];
  });
  return [
    {
      element: <AppRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        ...publicRoot,
        ...guarded,
        { path: '*', element: <Navigate to="/page-not-found" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  trackRouter(router);
  return router;
}
