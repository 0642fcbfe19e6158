import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server data directories (support/server.ts). */
    e2eRunDir: string;
  }
}

/**
 * One folder for the data directories of every server of the run, removed when the run ends: a worker's
 * shared server (support/journey.ts) is not closed, it ends with the worker's process.
 */
export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-e2e-run-'));
  project.provide('e2eRunDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
