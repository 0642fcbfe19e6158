// The start-up the benchmarks' Sinetti servers share (bench/lib/documents-server.ts, fixed-cost-server.ts):
// the app as production builds it (no reply checking against the contract, without production's checks on
// secrets) on a given database, listening on a free port, stopped by SIGTERM or SIGINT; and, for the bench
// process, starting such a server script and reading its one JSON "ready" line.
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';

export interface ServeOptions {
  database: Database;
  /** Log lines at info to a discarded stream (production's cost) instead of no logger at all. */
  logging: boolean;
  /** Printed with the port on the ready line. */
  ready?: Record<string, unknown>;
}

/** Serves Sinetti on `database` until SIGTERM or SIGINT; prints `{"ready":true,"port":…,…}` once listening. */
export async function serveSinetti({ database, logging, ready = {} }: ServeOptions): Promise<void> {
  const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-blobs-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: logging ? 'info' : 'silent',
      PUBLIC_URL: 'http://127.0.0.1',
      BLOB_DIR: blobDir,
      JOBS_WORKER: 'false',
      // REPLY_CACHE_MB=0 measures the calls the reply cache would answer as they cost when it does not.
      ...(process.env.REPLY_CACHE_MB ? { REPLY_CACHE_MB: process.env.REPLY_CACHE_MB } : {}),
    }),
    validateReplies: false,
  };
  const app = await buildApp(
    config,
    logging ? { database, logStream: { write: () => undefined } } : { database, logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = async () => {
    await app.close();
    await database.close();
    await fsp.rm(blobDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  console.log(JSON.stringify({ ready: true, port, ...ready }));
}

/** Starts a server script in its own process and resolves with its ready line once it prints it. */
export function startServerProcess<R extends { port: number }>(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; ready: R }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve({ child, ready: JSON.parse(line) as R });
    });
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
}

/** Stops a server process started by startServerProcess() and waits for it to end. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
