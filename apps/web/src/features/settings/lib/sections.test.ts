import { describe, expect, it } from 'vitest';
import { accessTo, visiblePages, type SettingsViewer } from './sections';

const viewer = (permissions: number[], isOwner = false, isPersonal = false): SettingsViewer => ({
  can: (p) => permissions.includes(p),
  isOwner,
  isPersonal,
});

describe('settings page rules (SPEC §6)', () => {
  it('information needs 2, users 4, permissions 5, billing the owner; pricing is open', () => {
    expect(visiblePages(viewer([2]))).toEqual(['information', 'pricing']);
    expect(visiblePages(viewer([4, 5]))).toEqual(['users', 'permissions', 'pricing']);
    expect(accessTo('billing', viewer([2, 3, 4, 5]))).toBe('owner');
    expect(accessTo('information', viewer([]))).toBe('denied');
  });

  it('API keys and embedding need organization edit details (8), webhooks the owner, as the server requires', () => {
    expect(accessTo('api-keys', viewer([2, 4, 5, 9]))).toBe('denied');
    expect(accessTo('embedding', viewer([2, 4, 5, 9]))).toBe('denied');
    expect(visiblePages(viewer([2, 8]))).toEqual(['information', 'api-keys', 'embedding', 'pricing']);
    // An endpoint gets every document's events; only the owner sees every document.
    expect(accessTo('webhooks', viewer([2, 8]))).toBe('owner');
    expect(accessTo('webhooks', viewer([], true))).toBe('open');
  });

  it('users and permissions are hidden in a personal workspace', () => {
    // The owner of a personal workspace has webhooks too (an integration of one's own).
    expect(visiblePages(viewer([2, 4, 5], true, true))).toEqual([
      'information',
      'webhooks',
      'billing',
      'pricing',
    ]);
    expect(accessTo('users', viewer([4], true, true))).toBe('personal');
  });
});
