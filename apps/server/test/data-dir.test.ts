import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveDataDir } from '../src/config.ts';

// `npm start` runs the server in apps/server; the README promises the database under ./data of the folder
// where npm start was run (npm passes that folder as INIT_CWD).
describe('DATA_DIR', () => {
  it('is resolved against the folder npm was started in', () => {
    const config = loadConfig({ NODE_ENV: 'test', INIT_CWD: '/home/me/sinetti' });
    expect(config.dataDir).toBe('/home/me/sinetti/data');
    expect(loadConfig({ NODE_ENV: 'test', INIT_CWD: '/srv', DATA_DIR: 'x/../db' }).dataDir).toBe('/srv/db');
  });

  it('reaches what lives under it (the development mailbox)', () => {
    const config = loadConfig({ NODE_ENV: 'test', INIT_CWD: '/home/me/sinetti' });
    expect(config.mail.transport).toEqual({ kind: 'mailbox', dir: '/home/me/sinetti/data/mailbox' });
  });

  it('is resolved against the working directory without npm, and an absolute one is kept', () => {
    expect(resolveDataDir('./data', undefined)).toBe(path.resolve('data'));
    expect(resolveDataDir('/var/lib/sinetti', '/home/me')).toBe('/var/lib/sinetti');
  });

  it('keeps memory:// (an in-memory database)', () => {
    expect(resolveDataDir('memory://', '/home/me')).toBe('memory://');
  });
});
