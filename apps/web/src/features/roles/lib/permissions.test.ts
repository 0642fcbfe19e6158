import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS } from '@sinetti/contract';
import { groupState, permissionChanges, roleChanges, setPermissions } from './permissions';

describe('role editing helpers', () => {
  it('lists only the permissions whose value changed, in id order', () => {
    expect(permissionChanges(new Set([2, 18]), new Set([18, 20, 3]))).toEqual([
      { id: 2, permissionValue: 0 },
      { id: 3, permissionValue: 1 },
      { id: 20, permissionValue: 1 },
    ]);
    expect(permissionChanges(new Set([2]), new Set([2]))).toEqual([]);
  });

  it('never grants a group marker nor a permission the viewer may not change', () => {
    const next = setPermissions(new Set(), [1, 2, 3, 7, 8], true, (id) => id !== 3);
    expect([...next].sort((a, b) => a - b)).toEqual([2, 8]);
    const documentsView = PERMISSION_GROUPS.find((g) => g.marker === 17);
    if (!documentsView) throw new Error('no group 17');
    expect(groupState(documentsView, new Set([18]))).toBe('some');
    expect(groupState(documentsView, new Set([18, 19, 20]))).toBe('all');
    expect(groupState(documentsView, new Set([2]))).toBe('none');
  });

  it('gives and takes only the roles that changed', () => {
    expect(roleChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
  });
});
