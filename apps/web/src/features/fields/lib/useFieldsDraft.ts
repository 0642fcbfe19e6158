import { useCallback, useMemo, useState } from 'react';
import type { FieldKind, PlacedField } from '@sinetti/contract';
import { assign, type Assignee } from './assignees';
import { boxAt } from './geometry';
import { changed, historyOf, redone, replaced, undone } from './history';

/** A field id the contract accepts: crypto.randomUUID where the page is a secure context, else built by hand. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Kinds the signee cannot leave empty (contract: name, date and signature are always filled). */
export const ALWAYS_FILLED: readonly FieldKind[] = ['signature', 'name', 'date'];

/**
 * The same fields with the same settings, in any order: the save's reply lists them in page order (the
 * server's fieldsOf), the draft in the order they were placed.
 */
export function sameFields(a: readonly PlacedField[], b: readonly PlacedField[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((field) => [field.id, field]));
  return a.every((field) => {
    const other = byId.get(field.id);
    if (field === other) return true;
    if (!other) return false;
    const keys = Object.keys(field) as (keyof PlacedField)[];
    return keys.length === Object.keys(other).length && keys.every((k) => field[k] === other[k]);
  });
}

/**
 * The editor's working copy of the fields: what is placed, which one is selected, and whether it differs
 * from what was last saved. Nothing is sent until save. Every change is an undo step (at most
 * HISTORY_LIMIT); changes passing the same `gesture` (lib/history.ts newGesture) one after another are one
 * step. A save keeps the steps; the history starts afresh with each opening (the list read from the server).
 */
export function useFieldsDraft(initial: PlacedField[]) {
  const [state, setState] = useState(() => ({ history: historyOf(initial), saved: initial }));
  const [selected, setSelected] = useState<string | null>(null);
  const fields = state.history.present;
  const change = useCallback(
    (edit: (list: PlacedField[]) => PlacedField[], gesture: string | null = null) =>
      setState((s) => ({ ...s, history: changed(s.history, edit(s.history.present), gesture) })),
    [],
  );

  const add = useCallback(
    (kind: FieldKind, page: number, at: { x: number; y: number }, to: Assignee) => {
      const field: PlacedField = {
        id: newId(),
        kind,
        page,
        ...boxAt(kind, at.x, at.y),
        ...assign(to),
        required: true,
        label: '',
      };
      change((list) => [...list, field]);
      setSelected(field.id);
      return field.id;
    },
    [change],
  );

  /** A change of one field; nothing (no undo step) when it changes nothing. */
  const update = useCallback(
    (id: string, edit: Partial<PlacedField>, gesture: string | null = null) =>
      change((list) => {
        const field = list.find((f) => f.id === id);
        const keys = Object.keys(edit) as (keyof PlacedField)[];
        if (!field || keys.every((k) => field[k] === edit[k])) return list;
        return list.map((f) => (f.id === id ? { ...f, ...edit } : f));
      }, gesture),
    [change],
  );

  const remove = useCallback(
    (id: string) => {
      change((list) => (list.some((f) => f.id === id) ? list.filter((f) => f.id !== id) : list));
      setSelected((current) => (current === id ? null : current));
    },
    [change],
  );

  const undo = useCallback(() => setState((s) => ({ ...s, history: undone(s.history) })), []);
  const redo = useCallback(() => setState((s) => ({ ...s, history: redone(s.history) })), []);

  /**
   * After a save of `sent`: the server's fields are the new starting point, and the present too unless the
   * sender changed something while the save was under way (that change stays, unsaved). The steps stay.
   */
  const saved = useCallback(
    (sent: PlacedField[], reply: PlacedField[]) =>
      setState((s) => ({
        history: s.history.present === sent ? replaced(s.history, reply) : s.history,
        saved: reply,
      })),
    [],
  );

  const dirty = useMemo(() => !sameFields(fields, state.saved), [fields, state.saved]);
  return {
    fields,
    selected,
    select: setSelected,
    dirty,
    add,
    update,
    remove,
    undo,
    redo,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
    saved,
  };
}
export type FieldsDraft = ReturnType<typeof useFieldsDraft>;
