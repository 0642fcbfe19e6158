import { useSyncExternalStore } from 'react';
import type { ModalName, OpenArgs } from './registry';

export interface ModalEntry {
  name: ModalName;
  props: unknown;
  /** False from close() until the exit animation has ended and the entry is removed. */
  opened: boolean;
  /** Stable React key of this opening. */
  key: number;
}

/** Time given to a closing modal's exit animation before it is unmounted. */
export const MODAL_EXIT_MS = 300;

let entries: readonly ModalEntry[] = [];
let sequence = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: readonly ModalEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function cancelRemoval(name: string): void {
  const timer = removals.get(name);
  if (timer !== undefined) clearTimeout(timer);
  removals.delete(name);
}

/** The open modals, opened and closed by name (SPEC §2.7). Usable outside React. */
export const modalStore = {
  get(): readonly ModalEntry[] {
    return entries;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Opens a modal; opening one that is already open replaces its props. */
  open<N extends ModalName>(name: N, ...args: OpenArgs<N>): void {
    cancelRemoval(name);
    const props: unknown = args[0];
    const existing = entries.find((e) => e.name === name);
    if (existing) {
      emit(entries.map((e) => (e.name === name ? { ...e, props, opened: true } : e)));
    } else {
      sequence += 1;
      emit([...entries, { name, props, opened: true, key: sequence }]);
    }
  },
  close(name: ModalName): void {
    if (!entries.some((e) => e.name === name && e.opened)) return;
    emit(entries.map((e) => (e.name === name ? { ...e, opened: false } : e)));
    cancelRemoval(name);
    removals.set(
      name,
      setTimeout(() => {
        removals.delete(name);
        emit(entries.filter((e) => e.name !== name || e.opened));
      }, MODAL_EXIT_MS),
    );
  },
  closeAll(): void {
    for (const e of entries) modalStore.close(e.name);
  },
  isOpen(name: ModalName): boolean {
    return entries.some((e) => e.name === name && e.opened);
  },
  /** For tests: forget every modal at once. */
  reset(): void {
    for (const name of [...removals.keys()]) cancelRemoval(name);
    emit([]);
  },
};

export interface Modals {
  open: typeof modalStore.open;
  close: typeof modalStore.close;
  closeAll: typeof modalStore.closeAll;
}

const modals: Modals = { open: modalStore.open, close: modalStore.close, closeAll: modalStore.closeAll };

/** `{ open(name, props), close(name), closeAll() }`; the functions are stable. */
export function useModals(): Modals {
  return modals;
}

/** The modal entries, re-rendering on every change (for the host). */
export function useModalEntries(): readonly ModalEntry[] {
  return useSyncExternalStore(modalStore.subscribe, modalStore.get, modalStore.get);
}
