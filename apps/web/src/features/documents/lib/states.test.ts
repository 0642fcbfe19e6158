import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { doc } from '../test/fixtures';
import { previewKindOf } from './content';
import { nextOrder, sortDocuments } from './sort';
import { refreshReloadsInfo, stateKeyOf } from './states';

describe('document states (SPEC §4.1)', () => {
  it('labels the known states and shows every other value as draft', () => {
    expect([1, 10, 20, 30, 40].map(stateKeyOf)).toEqual([
      'draft',
      'published',
      'signing',
      'signed',
      'archived',
    ]);
    for (const other of [0, 2, 25, DOCUMENT_STATE.Deleted, DOCUMENT_STATE.DeletedPermanently, 200, -1]) {
      expect(stateKeyOf(other)).toBe('draft');
    }
  });

  it('refresh reloads the document from Signing on, the content below it (SPEC §2.4)', () => {
    expect([1, 10, 19].map(refreshReloadsInfo)).toEqual([false, false, false]);
    expect([20, 30, 40].map(refreshReloadsInfo)).toEqual([true, true, true]);
  });
});

describe('previews', () => {
  it('embeds PDFs and common images only', () => {
    expect(previewKindOf('application/pdf')).toBe('pdf');
    expect(previewKindOf('image/png')).toBe('image');
    expect(previewKindOf('image/svg+xml')).toBe('none');
    expect(previewKindOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'none',
    );
  });
});

describe('sorting', () => {
  const a = doc({ name: 'b contract', state: 30, updated: '2025-01-03T00:00:00.000Z' });
  const b = doc({ name: 'A folder', type: 'folder', state: 1, updated: '2025-01-01T00:00:00.000Z' });
  const c = doc({ name: 'c file', type: 'file', state: 1, updated: '2025-01-02T00:00:00.000Z' });

  it('sorts by a column, flipping on a second click, keeping folders first when asked', () => {
    const byName = nextOrder(null, 'name');
    expect(sortDocuments([a, b, c], byName, false).map((d) => d.name)).toEqual([
      'A folder',
      'b contract',
      'c file',
    ]);
    const desc = nextOrder(byName, 'name');
    expect(desc).toEqual({ column: 'name', direction: 'desc' });
    expect(sortDocuments([a, b, c], desc, true).map((d) => d.name)).toEqual([
      'A folder',
      'c file',
      'b contract',
    ]);
    expect(sortDocuments([a, b, c], nextOrder(null, 'updated'), false).map((d) => d.name)).toEqual([
      'A folder',
      'c file',
      'b contract',
    ]);
    expect(sortDocuments([a, b, c], null, true)).toEqual([a, b, c]);
  });
});
