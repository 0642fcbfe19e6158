import { afterEach, describe, expect, it } from 'vitest';
import { captureInviteFromUrl, pendingInvite } from './pending-invite';

const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';

afterEach(() => {
  pendingInvite.clear();
  window.history.replaceState(null, '', '/');
});

describe('pending invitation link', () => {
  it('keeps ?invite= in sessionStorage and takes it off the address, leaving the rest', () => {
    window.history.replaceState(null, '', `/?lang=fi&invite=${TOKEN}#top`);
    captureInviteFromUrl();
    expect(pendingInvite.get()).toBe(TOKEN);
    expect(sessionStorage.getItem('sinetti.pendingInvite')).toBe(TOKEN);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/?lang=fi#top');
  });

  it('drops a malformed token from the address without keeping it', () => {
    window.history.replaceState(null, '', '/?invite=%3Cscript%3E');
    captureInviteFromUrl();
    expect(pendingInvite.get()).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('leaves an address without an invitation alone', () => {
    pendingInvite.set(TOKEN);
    window.history.replaceState(null, '', '/documents?x=1');
    captureInviteFromUrl();
    expect(window.location.pathname + window.location.search).toBe('/documents?x=1');
    expect(pendingInvite.get()).toBe(TOKEN);
  });
});
