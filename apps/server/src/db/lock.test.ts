import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryLockedError, acquireDirectoryLock } from './lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second open in the same process and allows it after release', () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
    release();
    const again = acquireDirectoryLock(dir);
    again();
  });

  it('refuses a directory held by another running process, naming its pid', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'sinetti.lock'), String(other.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(
        new RegExp(`in use by another Sinetti process \\(pid ${other.pid}\\)`),
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'sinetti.lock'), String(gone.pid));
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'sinetti.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'sinetti.lock'))).toBe(false);
  });
});
