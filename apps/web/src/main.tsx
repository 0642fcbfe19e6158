import { isStandalonePath, publicRouteOf } from './app/route-table';
import { showBootFailure } from './boot-failure';
import { isSignedIn, sessionStore } from './lib/session';

/**
 * The entry is only the styles and this: the app (boot.tsx and all it imports, fetched meanwhile through
 * the page's modulepreload links) starts after the next paint, so that index.html's splash shows at once
 * instead of after the whole app has been evaluated (issue #12 item 8). A hidden tab paints nothing, hence
 * the timer as well. Should the app's files fail to load, the page says so and offers to try again. A
 * signed-out visitor of /signin or /signup gets that page without the app, and a signee's public signing
 * pages start the public root (app/public) instead of the app.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  const { pathname } = window.location;
  // A signed-out visitor of sign-in or sign-up gets that page alone (STANDALONE_MODULE in route-table.ts).
  const loading =
    isStandalonePath(pathname) && !isSignedIn(sessionStore.get())
      ? import('./features/auth/standalone/page').then((page) => page.startSignInPage(pathname))
      : publicRouteOf(pathname)
        ? import('./app/public/public-boot')
        : import('./boot');
  loading.catch(showBootFailure);
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);
