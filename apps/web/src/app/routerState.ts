import type { RouterState } from 'react-router';
import { setPublicRoute } from '../lib/api';
import type { RouteAccess } from './routes';

export interface RouteHandle {
  name: string;
  access: RouteAccess;
}

/** Public and signed-out pages may call the API without a session (lib/api.ts). */
export function isPublicLocation(state: Pick<RouterState, 'matches'>): boolean {
  const leaf = state.matches[state.matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  return handle === undefined || handle.access === 'public' || handle.access === 'signedOut';
}

// The router's state as it is now; React renders it a moment later (router updates are transitions).
let navigating = false;
let liveLocationKey: string | null = null;

function update(state: RouterState): void {
  setPublicRoute(isPublicLocation(state));
  navigating = state.navigation.state !== 'idle';
  liveLocationKey = state.location.key;
}

/**
 * Follows a router: tells lib/api.ts whether the current route is public before the new page
 * renders, and remembers whether a navigation is under way. Returns the unsubscribe function.
 */
export function trackRouter(router: {
  state: RouterState;
  subscribe: (fn: (state: RouterState) => void) => () => void;
}): () => void {
  update(router.state);
  return router.subscribe(update);
}

/**
 * True when the router has started or finished a navigation that React has not rendered yet, so a
 * page rendered at `renderedLocationKey` is about to be replaced (sign-out, session expiry).
 */
export function routerMovedOn(renderedLocationKey: string): boolean {
  return navigating || (liveLocationKey !== null && liveLocationKey !== renderedLocationKey);
}
