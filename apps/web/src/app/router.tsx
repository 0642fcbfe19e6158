import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './AppRoot';
import { Guard, PageLoader } from './guards';
import { ShellLayout } from './layout/ShellLayout';
import { RouteError } from './RouteError';
import { trackRouter, type RouteHandle } from './routerState';
import { ROUTES, type AppRoute, type RouteAccess } from './routes';

const ACCESS_ORDER: RouteAccess[] = ['public', 'signedOut', 'protected', 'setup'];

function pageRoute(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name, access: route.access } satisfies RouteHandle,
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

/**
 * The route tree: a root (API error handling, modals), one guard per access rule, the shell
 * layout around 'shell' pages, and unknown paths sent to /page-not-found.
 */
export function buildRoutes(routes: AppRoute[] = ROUTES): RouteObject[] {
  const guarded = ACCESS_ORDER.flatMap((access): RouteObject[] => {
    const own = routes.filter((r) => r.access === access);
    if (own.length === 0) return [];
    const shell = own.filter((r) => r.layout === 'shell').map(pageRoute);
    const bare = own.filter((r) => r.layout === 'bare').map(pageRoute);
    const children = shell.length > 0 ? [{ element: <ShellLayout />, children: shell }, ...bare] : bare;
    return [{ element: <Guard access={access} />, children }];
  });
  return [
    {
      element: <AppRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [...guarded, { path: '*', element: <Navigate to="/page-not-found" replace /> }],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  trackRouter(router);
  return router;
}
