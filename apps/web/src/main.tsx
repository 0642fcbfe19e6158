import { fillPath } from './app/match-path';
import { isStandalonePath, publicRouteOf } from './app/route-table';
import { afterPaint } from './lib/after-paint';
import { startEarly } from './lib/early-fetch';
import { showBootFailure } from './boot-failure';
import { isSignedIn, sessionStore } from './lib/session';

/**
 * The entry is only this: the app (boot.tsx and all it imports, fetched meanwhile through the page's
 * modulepreload links) starts after the next paint, so that index.html's splash shows at once instead of
 * after the whole app has been evaluated (issue #12 item 8). Should the app's files fail to load, the page
 * says so and offers to try again. A signed-out visitor of /signin or /signup gets that page without the
 * app, and a signee's public signing pages start the public root (app/public) instead of the app.
 */
// A signee's page asks for its data now, while its code loads (lib/early-fetch.ts).
const publicPage = publicRouteOf(window.location.pathname);
const earlyUrl = publicPage?.route.earlyCall && fillPath(publicPage.route.earlyCall, publicPage.params);
if (earlyUrl) startEarly(earlyUrl);

/** What the page starts: each import on its own, so that each preloads only its own files. */
function startSignInPage(pathname: string) {
  return import('./features/auth/standalone/page').then((page) => page.startSignInPage(pathname));
}
function startPublicRoot() {
  return import('./app/public/public-boot');
}
function startApp() {
  return import('./boot');
}

function start() {
  const { pathname } = window.location;
  let loading: Promise<unknown>;
  // A signed-out visitor of sign-in or sign-up gets that page alone (STANDALONE_MODULE in route-table.ts).
  if (isStandalonePath(pathname) && !isSignedIn(sessionStore.get())) loading = startSignInPage(pathname);
  else if (publicPage) loading = startPublicRoot();
  else loading = startApp();
  loading.catch(showBootFailure);
}
void afterPaint().then(start);
