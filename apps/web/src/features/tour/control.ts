import { useSyncExternalStore } from 'react';

/**
 * What the dashboard tour holds open in the shell while it runs (SPEC §2.8): the Create menu (open
 * from the create-folder step, closed at the end) and, on phones, the navigation drawer where the
 * Create button and the organization selector live. `createMenu` null: the tour does not hold the menu,
 * which then opens and closes as usual.
 */
export interface TourControl {
  createMenu: boolean | null;
  navigation: boolean;
}

const idle: TourControl = { createMenu: null, navigation: false };
let state: TourControl = idle;
const listeners = new Set<() => void>();

export const tourControl = {
  get: (): TourControl => state,
  set(next: Partial<TourControl>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  },
  release(): void {
    tourControl.set(idle);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTourControl(): TourControl {
  return useSyncExternalStore(tourControl.subscribe, tourControl.get);
}
