import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates';
import { when } from './SignatureCard';

describe("the verify page's signature times (issue #31 item 3: no US dates on public pages)", () => {
  it('write English in the app-wide form, to the second, in Helsinki time with the zone', () => {
    expect(when('2025-01-15T12:00:05Z', 'en')).toBe('15 Jan 2025, 14:00:05 EET');
    expect(when('2025-07-01T21:30:00Z', 'en')).toBe('2 Jul 2025, 00:30:00 EEST');
    expect(when('2025-01-15T12:00:05Z', 'en').startsWith(formatDateTime('2025-01-15T12:00:05Z', 'en'))).toBe(
      true,
    );
  });

  it('write Finnish as Finnish does', () => {
    expect(when('2025-01-15T12:00:05Z', 'fi')).toBe('15.1.2025 klo 14.00.05 UTC+2');
  });
});
