import type { PlacedField } from '@sinetti/contract';

/** Who fills a field: a signee of the document or, on a template, one of its signee roles. */
export type Assignee =
  { type: 'signee'; id: string; name: string } | { type: 'role'; role: string; name: string };

/** Colours told apart on white and on a PDF page; the nth assignee takes the nth (then round again). */
const COLOURS = ['blue', 'grape', 'teal', 'orange', 'pink', 'indigo', 'lime', 'cyan'] as const;

/** A stable key of an assignee for pickers: roles and signee ids cannot collide. */
export function assigneeKey(assignee: Assignee): string {
  return assignee.type === 'signee' ? `signee:${assignee.id}` : `role:${assignee.role}`;
}

export function fieldAssigneeKey(field: Pick<PlacedField, 'signeeId' | 'role'>): string {
  return field.signeeId !== null ? `signee:${field.signeeId}` : `role:${field.role ?? ''}`;
}

/** The field's signeeId and role for an assignee (exactly one of them is set, as the contract asks). */
export function assign(assignee: Assignee): Pick<PlacedField, 'signeeId' | 'role'> {
  return assignee.type === 'signee'
    ? { signeeId: assignee.id, role: null }
    : { signeeId: null, role: assignee.role };
}

/** The Mantine colour of an assignee by its place in the list; grey for one no longer there. */
export function colourOf(assignees: readonly Assignee[], key: string): string {
  const index = assignees.findIndex((a) => assigneeKey(a) === key);
  return index < 0 ? 'gray' : (COLOURS[index % COLOURS.length] ?? 'gray');
}
