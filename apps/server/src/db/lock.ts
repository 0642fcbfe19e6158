import fs from 'node:fs';
import path from 'node:path';

export class DataDirectoryLockedError extends Error {}

/** Lock files this process holds: opening the same directory twice in one process is refused too. */
const held = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process and does not lock its directory: take a lock file holding our pid.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'sinetti.lock');
  if (held.has(file)) {
    throw new DataDirectoryLockedError(`The data directory ${dataDir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) {
        throw new DataDirectoryLockedError(
          `The data directory ${dataDir} is in use by another Sinetti process (pid ${pid}). ` +
            'The embedded database allows one process at a time: stop that process, or set DATABASE_URL ' +
            'to use PostgreSQL for several processes.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirectoryLockedError(`Could not lock the data directory ${dataDir}.`);
}
