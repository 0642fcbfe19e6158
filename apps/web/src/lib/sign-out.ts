import type { QueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from './api';
import { sessionStore } from './session';

/** Forgets the session, the account and everything cached (SPEC §4.4 SESSION_INVALID, sign-out). */
export function endLocalSession(queryClient: QueryClient): void {
  sessionStore.clear();
  queryClient.clear();
}

/**
 * Ends the session on the server, then here, then calls `goToSignIn` in the same tick (so the
 * route guards see the navigation under way). A failed call still signs the user out here.
 */
export async function signOut(queryClient: QueryClient, goToSignIn: () => void): Promise<void> {
  try {
    await call(api.authentication.logout);
  } catch {
    /* the server session may already be gone; the browser forgets it anyway */
  }
  endLocalSession(queryClient);
  goToSignIn();
}
