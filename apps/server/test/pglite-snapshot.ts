import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

/**
 * Vitest's global setup on the PGlite run: one in-memory PGlite, migrated and dumped to a file, from which
 * each test file's database starts (test/db.ts). A fresh PGlite spends about 3 s on initdb and the
 * migrations; loading the copy takes under 1 s, and the suite opens about a hundred databases.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const file = path.join(os.tmpdir(), `sinetti-pglite-${process.pid}-${Date.now()}.tar`);
  try {
    const raw = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    fs.writeFileSync(file, Buffer.from(await (await raw.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(file, { force: true });
}
