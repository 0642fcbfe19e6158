import { useCallback, useState } from 'react';
import type { FieldKind, PlacedField } from '@sinetti/contract';
import { assign, type Assignee } from './assignees';
import { boxAt, type Box } from './geometry';

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
 * The editor's working copy of the fields: what is placed, which one is selected, and whether it differs
 * from what was last saved. Nothing is sent until save.
 */
export function useFieldsDraft(saved: PlacedField[]) {
  const [fields, setFields] = useState<PlacedField[]>(saved);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const add = useCallback((kind: FieldKind, page: number, at: { x: number; y: number }, to: Assignee) => {
    const field: PlacedField = {
      id: newId(),
      kind,
      page,
      ...boxAt(kind, at.x, at.y),
      ...assign(to),
      required: true,
      label: '',
    };
    setFields((list) => [...list, field]);
    setSelected(field.id);
    setDirty(true);
    return field.id;
  }, []);

  const update = useCallback((id: string, change: Partial<PlacedField> | Box) => {
    setFields((list) => list.map((f) => (f.id === id ? { ...f, ...change } : f)));
    setDirty(true);
  }, []);

  const remove = useCallback((id: string) => {
    setFields((list) => list.filter((f) => f.id !== id));
    setSelected((current) => (current === id ? null : current));
    setDirty(true);
  }, []);

  /** After a save: the server's fields are the new starting point. */
  const reset = useCallback((next: PlacedField[]) => {
    setFields(next);
    setDirty(false);
  }, []);

  return { fields, selected, select: setSelected, dirty, add, update, remove, reset };
}
export type FieldsDraft = ReturnType<typeof useFieldsDraft>;
