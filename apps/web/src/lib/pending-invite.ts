/**
 * The token of an e-mailed invitation link (`PUBLIC_URL/?invite=<token>`), kept in this tab's
 * sessionStorage from the moment the app starts until the server has answered for it, so that it
 * survives signing in (the provider round trip) and the setup wizard. It is removed from the address
 * bar at once: the token is a credential and should not stay in history or be passed on as a referrer.
 */
const KEY = 'sinetti.pendingInvite';
const PARAM = 'invite';
/** Tokens are base64url (256 bits); the server accepts at most 128 characters. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export const pendingInvite = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      /* storage disabled: the link still works while the user is signed in */
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      /* ignore */
    }
  },
};

/**
 * Takes `?invite=` off the current address and keeps the token. Call once before the router starts.
 * A malformed value is dropped from the address but not kept.
 */
export function captureInviteFromUrl(win: Window = window): void {
  const url = new URL(win.location.href);
  const token = url.searchParams.get(PARAM);
  if (token === null) return;
  if (TOKEN.test(token)) pendingInvite.set(token);
  url.searchParams.delete(PARAM);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
