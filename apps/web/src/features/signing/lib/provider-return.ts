import { signingBrowser } from './browser';

/**
 * The way back from an eID provider or a QTSP (issue #29): before the browser leaves, the signing
 * session's token is kept in this tab's sessionStorage under the `state` of the provider's URL, so that
 * the return page (/public/signing/return?state=…) knows which session the answer belongs to. The token
 * never travels through the provider.
 */
const PREFIX = 'sinetti.signing.return.';

/** The `state` query parameter of a provider URL, or null without one. */
export function stateOf(redirectUrl: string): string | null {
  try {
    return new URL(redirectUrl, window.location.origin).searchParams.get('state');
  } catch {
    return null;
  }
}

/** Keeps the session token for `state` (storage that fails, e.g. private mode when full, is not fatal). */
export function rememberReturn(state: string, sessionToken: string): void {
  try {
    sessionStorage.setItem(PREFIX + state, sessionToken);
  } catch {
    // The return page then asks the signee to open the signing link again.
  }
}

/** The session token kept for `state`, or null. */
export function sessionForReturn(state: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + state);
  } catch {
    return null;
  }
}

/** Forgets the mapping of a state that has been answered. */
export function forgetReturn(state: string): void {
  try {
    sessionStorage.removeItem(PREFIX + state);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

let atProvider = false;

/**
 * Whether this page is leaving for a provider: the signee is still signing, so the page does not tell the
 * server it was closed (which would free the document for the other signees while they identify or
 * authorize; useSessionPresence).
 */
export function leavingForProvider(): boolean {
  return atProvider;
}

/** Keeps the session under the provider URL's state, then leaves for the provider. */
export function goToProvider(redirectUrl: string, sessionToken: string): void {
  const state = stateOf(redirectUrl);
  if (state) rememberReturn(state, sessionToken);
  atProvider = true;
  // Back from the provider through the browser's history (bfcache), the page is this one again.
  window.addEventListener('pageshow', () => (atProvider = false), { once: true });
  signingBrowser.goTo(redirectUrl);
}
