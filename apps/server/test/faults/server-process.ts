import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server (`src/main.ts`, as `npm start` runs it) as a child process on a fixed DATA_DIR (and
 * database), so that a test can kill it with SIGKILL at a chosen moment and start it again on the same data.
 */
export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGKILL by pid: no shutdown hooks, no flush; waits until the process is gone. */
  kill(): Promise<void>;
  /** A clean stop (SIGTERM). */
  stop(): Promise<void>;
}

const serverRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  // `node --import tsx` rather than the tsx CLI: the CLI runs the server in a grandchild, which a
  // SIGKILL of the child would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'sandbox',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000',
      // Kills and restarts are the subject, not conversion: the test stand-in converts (test/helper.ts).
      CONVERSION_ENGINE: 'test',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A hang detector: a start takes seconds on an idle machine and ten times as long at a load of 20.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGTERM');
      await exited(child);
    },
  };
}
