/** Steps kept for undo: older ones are dropped. */
export const HISTORY_LIMIT = 100;

/**
 * A value with its undo and redo steps. A change made by the same gesture as the previous change (a drag,
 * a run of a held key, typing into one field's label) amends that step instead of adding one, so one
 * undo takes back the whole gesture.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The gesture of the last change; null after anything else (another change, undo, redo). */
  gesture: string | null;
}

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [], gesture: null };
}

/** The value changed to `next`: a new step, or the same step when `gesture` continues the last change. */
export function changed<T>(history: History<T>, next: T, gesture: string | null = null): History<T> {
  if (next === history.present) return history;
  if (gesture !== null && gesture === history.gesture) return { ...history, present: next };
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    gesture,
  };
}

export function undone<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1] as T;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    gesture: null,
  };
}

export function redone<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future as [T, ...T[]];
  return { past: [...history.past, history.present], present: next, future: rest, gesture: null };
}

/** The present replaced without a step of its own (the server's copy after a save); the steps stay. */
export function replaced<T>(history: History<T>, present: T): History<T> {
  return { ...history, present, gesture: null };
}

let gestures = 0;
/** A new gesture's name: changes made under it are one undo step. */
export function newGesture(): string {
  gestures += 1;
  return `gesture-${gestures}`;
}
