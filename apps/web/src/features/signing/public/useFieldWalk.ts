import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldValues, SigningField } from '@sinetti/contract';
import {
  fieldProblems,
  fieldValuesBody,
  initialEntries,
  nextField,
  serverFieldIds,
  unfilledRequired,
  type FieldEntries,
  type FieldProblem,
} from './signing-fields';

export interface FieldWalk {
  fields: readonly SigningField[];
  entries: FieldEntries;
  problems: Record<string, FieldProblem>;
  /** Required fields not yet filled (the signature fields count until the signature is made). */
  left: number;
  /** The field the signee is at (focused last), or null before the walk starts. */
  current: string | null;
  setEntry: (id: string, value: string | boolean) => void;
  /** The overlay of a field registers its focusable element here, so the walker can go to it. */
  register: (id: string) => (element: HTMLElement | null) => void;
  onFocusField: (id: string) => void;
  /** Goes to the next unfilled required field: scrolls it into view and focuses it. */
  next: () => void;
  /** Checks every field; marks and focuses the first with a problem. True when all can be sent. */
  validate: () => boolean;
  /** Marks the fields a 400 names; true when it named any of this signee's fields. */
  showServerProblems: (error: unknown) => boolean;
  /** The values for the sign body; undefined when the signee has no fields (sent as before fields). */
  body: () => FieldValues | undefined;
}

/**
 * The signee's fields on the signing page: their values, problems and the guided walk through them
 * (issue #33 item 2). `hasSignature`: the signature pad holds a signature, which fills signature fields.
 */
export function useFieldWalk(fields: readonly SigningField[], hasSignature: boolean): FieldWalk {
  // Only what the signee changed is kept: the fields may arrive after the first render (the session query).
  const [changes, setChanges] = useState<FieldEntries>({});
  const entries = useMemo(() => ({ ...initialEntries(fields), ...changes }), [fields, changes]);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [current, setCurrent] = useState<string | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  // A field asked for before its element exists (its page or the overlay's code still loading on a slow
  // phone): it is focused as soon as the overlay registers it, instead of the tap doing nothing.
  const pending = useRef<string | null>(null);

  const goTo = useCallback((id: string, element: HTMLElement) => {
    pending.current = null;
    // Centred, so that the field is not under the sticky action bar on a phone.
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    element.focus({ preventScroll: true });
    setCurrent(id);
  }, []);

  const focus = useCallback(
    (id: string) => {
      const element = elements.current.get(id);
      if (element) goTo(id, element);
      else pending.current = id;
    },
    [goTo],
  );

  const setEntry = useCallback((id: string, value: string | boolean) => {
    setChanges((old) => ({ ...old, [id]: value }));
    // A changed value is checked again on the next Sign or Next; its old problem no longer applies.
    setProblems((old) => {
      if (!(id in old)) return old;
      const rest = { ...old };
      delete rest[id];
      return rest;
    });
  }, []);

  const register = useCallback(
    (id: string) => (element: HTMLElement | null) => {
      if (!element) {
        elements.current.delete(id);
        return;
      }
      elements.current.set(id, element);
      if (pending.current === id) goTo(id, element);
    },
    [goTo],
  );

  const next = () => {
    const field = nextField(fields, entries, hasSignature, current);
    if (field) focus(field.id);
  };

  const validate = () => {
    const found = fieldProblems(fields, entries);
    setProblems(found);
    const first = fields.find((f) => f.id in found);
    if (first) focus(first.id);
    return first === undefined;
  };

  const showServerProblems = (error: unknown) => {
    const ids = serverFieldIds(error, fields);
    if (ids.length === 0) return false;
    setProblems(Object.fromEntries(ids.map((id) => [id, 'server' as const])));
    focus(ids[0]!);
    return true;
  };

  const left = useMemo(
    () => unfilledRequired(fields, entries, hasSignature).length,
    [fields, entries, hasSignature],
  );

  return {
    fields,
    entries,
    problems,
    left,
    current,
    setEntry,
    register,
    onFocusField: setCurrent,
    next,
    validate,
    showServerProblems,
    body: () => (fields.length > 0 ? fieldValuesBody(fields, entries) : undefined),
  };
}
