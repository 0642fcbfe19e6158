import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractEndpoints } from './build/contract-endpoints.ts';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { pagePreloads } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';
import { superdocPatches } from './build/superdoc-patches.ts';
import { thirdParty } from './build/third-party.ts';

const apiTarget = process.env.SINETTI_API ?? 'http://localhost:3000';
/**
 * The plugins that shape the module graph (firstLoadChunks bundles once with them alone). Unit tests keep
 * the endpoints' reply schemas, to check mocked replies against them (src/test/contract-replies.ts).
 */
const sourcePlugins = () => [contractEndpoints(process.env.VITEST ? ['reply'] : []), react()];

export default defineConfig({
  plugins: [
    ...sourcePlugins(),
    // Fixes to the DOCX editor's converter (endnotes, picture sizes, default styles): build/superdoc-patches.ts.
    superdocPatches(),
    firstLoadChunks(sourcePlugins),
    pagePreloads(),
    // Third-party notices and the SBOM, written before precompress() so they are compressed too.
    thirdParty({
      serverRoot: fileURLToPath(new URL('../server', import.meta.url)),
      repoRoot: fileURLToPath(new URL('../..', import.meta.url)),
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/oidc': apiTarget, '/idp': apiTarget },
  },
  build: {
    outDir: 'dist',
    // No source maps: they would carry third-party sources to anyone who asks (issue #28), and the
    // server refuses *.map anyway (apps/server/src/plugins/web.ts). docs/decisions.md "Source maps".
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // Tests wait for UI states, never for durations: these limits catch hangs, not slowness. The longest
    // test took 32 s with a load average of 25 on the 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker fewer than the cores: one, on the 2-core CI machine. Two files at a time
    // finished the documents tests in 47 s instead of 71 s there.
    maxWorkers: 2,
    // The files of a worker share it: jsdom, the packages and the translations load once per worker, not
    // once per file (more than half of the time before). vitest.setup.ts (src/test/isolation.ts) gives
    // each file fresh app modules, mocks, page, storage and language.
    isolate: false,
  },
});
