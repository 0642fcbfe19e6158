import { useSyncExternalStore, type MouseEvent } from 'react';

/**
 * Navigation for the public signing pages, which run without React Router (app/public, issue #12 item 8):
 * the History API between the pages the public root shows, a page load for any other address (the
 * signed-in app, /verify, another site).
 */

/** Page loads, an object so that tests can replace them (jsdom cannot load pages). */
export const pageLoads = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};

let shownHere: (pathname: string) => boolean = () => false;

/** Tells navigate() which paths the current root renders itself (the public root calls it at start). */
export function setClientPaths(test: (pathname: string) => boolean): void {
  shownHere = test;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Goes to `to` (a path or a URL): in the page when the current root shows it, else by loading it. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !shownHere(url.pathname)) {
    pageLoads[replace ? 'replace' : 'assign'](url.href);
    return;
  }
  const path = url.pathname + url.search + url.hash;
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.scrollTo(0, 0);
  for (const listener of [...listeners]) listener();
}

const currentPath = () => window.location.pathname + window.location.search;

/** The current path and query (`/public/sign/x?lang=fi`), re-rendering on navigation. */
export function useCurrentPath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

/** One query parameter of the current address. */
export function useSearchParam(name: string): string | null {
  const path = useCurrentPath();
  const query = path.indexOf('?');
  return query < 0 ? null : new URLSearchParams(path.slice(query)).get(name);
}

/**
 * What a link (an `<a>`, or a Mantine Button or Anchor rendered as one) needs to go to `to` with
 * navigate(): a plain click stays in the page; a click with a modifier key opens a tab as usual.
 */
export function linkTo(to: string) {
  return {
    href: to,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(to);
    },
  };
}
