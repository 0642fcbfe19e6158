import { describe, expect, it } from 'vitest';
import { isStandalonePath } from './route-table';

describe('pages a signed-out visitor gets without the app', () => {
  it('are sign-in and sign-up, with or without a trailing slash', () => {
    for (const path of ['/signin', '/signup', '/signin/', '/signup/'])
      expect(isStandalonePath(path)).toBe(true);
  });

  it('are no other page', () => {
    for (const path of ['/', '/signin/x', '/session-expired', '/redirect/google', '/public/sign/abc']) {
      expect(isStandalonePath(path)).toBe(false);
    }
  });
});
