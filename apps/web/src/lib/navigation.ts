import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { decodePathParam, encodePathParam } from './path-param';

/** Query parameter holding the previous path of Profile and Settings (SPEC §2.2), base64. */
export const BACK_PARAM = 'back';
/** Query parameter of /signin holding the page to open after sign-in, base64. */
export const REDIRECT_PARAM = 'redirect';

function withParam(path: string, name: string, value: string): string {
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${new URLSearchParams({ [name]: value }).toString()}`;
}

/** The browser's current app path with its query. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** `path` with `?back=<base64 of from>` (from defaults to the current path), for Profile and Settings links. */
export function linkWithBack(path: string, from: string = currentPath()): string {
  return withParam(path, BACK_PARAM, encodePathParam(from));
}

/** The sign-in page that returns to `target` (an app path with its query) after sign-in. */
export function signInPathFor(target: string): string {
  return withParam('/signin', REDIRECT_PARAM, encodePathParam(target));
}

/** linkWithBack bound to the router's current location (use this inside components). */
export function useLinkWithBack(): (path: string) => string {
  const { pathname, search } = useLocation();
  return useCallback((path: string) => linkWithBack(path, pathname + search), [pathname, search]);
}

function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * The back button of Profile and Settings: returns to the path in the `back` query parameter, or
 * goes back one step in history (or to `fallback` when the page was opened directly).
 */
export function useBackLink(fallback = '/'): { backPath: string | null; goBack: () => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const backPath = decodePathParam(params.get(BACK_PARAM));
  const goBack = useCallback(() => {
    if (backPath) void navigate(backPath);
    else if (hasHistory()) void navigate(-1);
    else void navigate(fallback);
  }, [backPath, fallback, navigate]);
  return { backPath, goBack };
}

/** Full page reload, behind an object so that tests can replace it (jsdom cannot reload). */
export const browserPage = {
  reload(): void {
    window.location.reload();
  },
};
