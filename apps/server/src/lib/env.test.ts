import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { envFlag, envText } from './env.ts';

describe('environment variables read one way everywhere (lib/env.ts)', () => {
  it('reads a text variable trimmed, and unset, empty or blank as unset', () => {
    expect(envText.parse('  smtp://mail  ')).toBe('smtp://mail');
    expect(envText.parse(undefined)).toBeUndefined();
    expect(envText.parse('')).toBeUndefined();
    expect(envText.parse('   ')).toBeUndefined();
  });

  it('reads true, 1 and yes as yes; false, 0 and no as no; unset or empty as the fallback; refuses the rest', () => {
    for (const yes of ['true', '1', 'yes']) expect(envFlag().parse(yes)).toBe(true);
    for (const no of ['false', '0', 'no']) expect(envFlag(true).parse(no)).toBe(false);
    expect(envFlag().parse(undefined)).toBe(false);
    expect(envFlag().parse('')).toBe(false);
    expect(envFlag(true).parse(undefined)).toBe(true);
    expect(envFlag(true).parse('')).toBe(true);
    for (const typo of ['on', 'TRUE', 'y', 'ja']) expect(envFlag().safeParse(typo).success).toBe(false);
    expect(z.object({ F: envFlag() }).safeParse({ F: 'nope' }).success).toBe(false);
  });

  it('means the same in the main, services, mail and signing configuration', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/sinetti-env-test' };
    const on = loadConfig({
      ...base,
      TRUST_PROXY: 'yes',
      S3_FORCE_PATH_STYLE: '1',
      DEV_MAILBOX_IN_PRODUCTION: 'true',
      GUIDED_TOUR: 'no',
      JOBS_WORKER: '0',
      MAIL_FROM: '  Sinetti <no-reply@example.com>  ',
      BLOB_DIR: '   ',
    });
    expect(on.trustProxy).toBe(true);
    expect(on.guidedTour).toBe(false);
    expect(on.mail.from).toBe('Sinetti <no-reply@example.com>');
    const off = loadConfig({ ...base, TRUST_PROXY: '', GUIDED_TOUR: '' });
    expect(off.trustProxy).toBe(false);
    expect(off.guidedTour).toBe(true);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, DEV_MAILBOX_IN_PRODUCTION: 'maybe' })).toThrow(
      /DEV_MAILBOX_IN_PRODUCTION/,
    );
  });
});
