import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { OffsetClock } from '../../apps/server/src/lib/clock.ts';

export interface TestServer {
  url: string;
  clock: OffsetClock;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The real server (the same buildApp that main.ts runs), on a free port with a fresh data directory
 * and the embedded database; its clock can be moved forward to expire sessions.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-e2e-'));
  const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const clock = new OffsetClock();
  // Reserve a port first so that PUBLIC_URL (the OIDC issuer and redirect URIs) names the right one.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEB_DIST: webDist,
    // The guided tour would stand over every journey's first dashboard; tour.e2e.test.ts turns it on.
    GUIDED_TOUR: 'false',
    ...env,
  });
  const app = await buildApp(config, { clock });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    clock,
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
