import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionValue } from './session';

/** The stored session, re-rendering on every change (lib/session.ts itself stays free of React). */
export function useSession(): SessionValue {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
