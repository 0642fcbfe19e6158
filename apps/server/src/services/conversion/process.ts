import { spawn } from 'node:child_process';

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Stop collecting stdout after this many bytes (the process is then ended). */
  maxStdoutBytes?: number;
}

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  /** stdout reached maxStdoutBytes and the process was ended. */
  truncated: boolean;
}

export class ProcessTimeoutError extends Error {}
export class ProcessAbortedError extends Error {}

const STDERR_MAX = 16 * 1024;

/** Process groups started here that are still running: ended with the server (see endAllProcesses). */
const live = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/**
 * Ends every converter still running (app close, and the process's exit however it comes): a converter
 * runs in its own process group, so it would otherwise outlive the server.
 */
export function endAllProcesses(): void {
  for (const pid of live) killGroup(pid);
  live.clear();
}
process.on('exit', endAllProcesses);

/**
 * Runs a command in its own process group and ends the whole group (SIGKILL) on timeout or abort, so
 * helpers a converter starts do not outlive it. Resolves with the exit code; rejects on timeout or abort.
 */
export function runProcess(command: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ProcessAbortedError('Aborted before start'));
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: opts.env ?? process.env,
      cwd: opts.cwd,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let truncated = false;
    let failure: Error | null = null;
    const pid = child.pid;
    if (pid) live.add(pid);
    const end = () => {
      if (pid) killGroup(pid);
    };
    const timer = setTimeout(() => {
      failure = new ProcessTimeoutError(`${command} did not finish within ${opts.timeoutMs} ms`);
      end();
    }, opts.timeoutMs);
    const onAbort = () => {
      failure = new ProcessAbortedError(`${command} was stopped`);
      end();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (truncated) return;
      const limit = opts.maxStdoutBytes ?? Infinity;
      out.push(chunk.subarray(0, Math.max(0, limit - outBytes)));
      outBytes += chunk.length;
      if (outBytes >= limit) {
        truncated = true;
        end();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_MAX) stderr += chunk.toString('utf8');
    });
    child.on('error', (err) => {
      failure ??= err;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      end();
      if (pid) live.delete(pid);
      if (failure) return reject(failure);
      resolve({ code, stdout: Buffer.concat(out), stderr: stderr.slice(0, STDERR_MAX), truncated });
    });
  });
}
