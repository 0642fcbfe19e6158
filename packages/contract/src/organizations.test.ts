import { describe, expect, it } from 'vitest';
import { inviteEmail, isDisplaySafe, organizationName } from './index.ts';

describe('organization names', () => {
  it.each(['Acme Oy', 'Ääkköset ja 漢字', 'Emoji 😀 Ltd', 'Right-to-left שלום'])('accepts %s', (name) => {
    expect(organizationName.safeParse(name).success).toBe(true);
    expect(isDisplaySafe(name)).toBe(true);
  });
  it.each([
    ['NUL', 'Acme\u0000Oy'],
    ['a line break inside', 'Acme\nOy'],
    ['a right-to-left override', 'Acme\u202Egnp.exe'],
    ['a bidi isolate', 'Acme\u2067Oy'],
    ['a lone high surrogate', 'Acme\uD83D'],
    ['a lone low surrogate', '\uDE00Acme'],
  ])('refuses %s', (_what, name) => {
    const result = organizationName.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'A name cannot contain control characters, invalid characters or direction overrides.',
    );
  });
  it('refuses an empty name with its own message', () => {
    expect(organizationName.safeParse('   ').error?.issues[0]?.message).toBe(
      'Organization name is required.',
    );
  });
});

describe('invite e-mail (SPEC §5 user-invite dialog)', () => {
  it('lower-cases a valid address', () => {
    expect(inviteEmail.parse('  Colleague@Example.COM ')).toBe('colleague@example.com');
  });
  it.each([
    ['', 'Please enter an email address.'],
    ['   ', 'Please enter an email address.'],
    ['not-an-address', 'Please enter a valid email address.'],
  ])('%j → %s', (value, message) => {
    expect(inviteEmail.safeParse(value).error?.issues[0]?.message).toBe(message);
  });
});
