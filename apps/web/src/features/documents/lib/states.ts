import { DOCUMENT_STATE, type DocumentFilter } from '@sinetti/contract';

/** The state labels of SPEC §4.1; any other state (deleted, hidden, unknown) is shown as draft. */
export const STATE_KEYS = ['draft', 'published', 'signing', 'signed', 'archived'] as const;
export type StateKey = (typeof STATE_KEYS)[number];

const BY_NUMBER: Readonly<Record<number, StateKey>> = {
  [DOCUMENT_STATE.Draft]: 'draft',
  [DOCUMENT_STATE.Published]: 'published',
  [DOCUMENT_STATE.Signing]: 'signing',
  [DOCUMENT_STATE.Signed]: 'signed',
  [DOCUMENT_STATE.Archived]: 'archived',
};

export function stateKeyOf(state: number): StateKey {
  return BY_NUMBER[state] ?? 'draft';
}

export const STATE_COLOR: Readonly<Record<StateKey, string>> = {
  draft: 'gray',
  published: 'blue',
  signing: 'orange',
  signed: 'teal',
  archived: 'violet',
};

/** The four dashboard cards (SPEC §2.1) and the stats field each one counts. */
export const DASHBOARD_CARDS = [
  { filter: 'draft', stat: 'draft' },
  { filter: 'signing', stat: 'pending' },
  { filter: 'signed', stat: 'complete' },
  { filter: 'archived', stat: 'archived' },
] as const satisfies readonly { filter: DocumentFilter; stat: string }[];

/** Refresh (SPEC §2.4): from Signing on the document is reloaded, below it the content is force-reloaded. */
export function refreshReloadsInfo(state: number): boolean {
  return state >= DOCUMENT_STATE.Signing;
}

export function isArchived(state: number): boolean {
  return state === DOCUMENT_STATE.Archived;
}
