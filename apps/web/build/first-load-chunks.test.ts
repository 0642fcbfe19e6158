import { describe, expect, it } from 'vitest';
import { firstLoadGroups } from './first-load-chunks';
import type { Manifest } from './first-load';

const root = '/app';

/** A first pass's manifest: the measured pages, their shared chunks, the entry and the texts. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_styles.js'] },
  '_styles.js': { file: 'assets/styles-1.js' },
  'src/boot.tsx': { file: 'assets/boot-1.js', imports: ['_mantine.js'] },
  'src/app/layout/ShellLayout.tsx': { file: 'assets/ShellLayout-1.js', imports: ['_mantine.js'] },
  'src/routes/Dashboard.tsx': { file: 'assets/Dashboard-1.js', imports: ['_mantine.js', '_session-dash.js'] },
  'src/features/auth/standalone/page.ts': { file: 'assets/page-1.js', imports: ['_api.js'] },
  'src/app/public/public-boot.tsx': { file: 'assets/public-boot-1.js', imports: ['_mantine.js'] },
  'src/routes/SigningStart.tsx': { file: 'assets/SigningStart-1.js', imports: ['_signee.js'] },
  'src/routes/SigningSession.tsx': {
    file: 'assets/SigningSession-1.js',
    imports: ['_signee.js', '_session-dash.js'],
  },
  '_mantine.js': { file: 'assets/mantine-1.js' },
  '_signee.js': { file: 'assets/signee-1.js' },
  '_session-dash.js': { file: 'assets/session-dash-1.js' },
  '_api.js': { file: 'assets/api-1.js' },
};
for (const group of ['core', 'signee', 'signing', 'app']) {
  manifest[`src/locales/en/${group}.ts`] = { file: `assets/en-${group}-1.js` };
}

/** The modules of each chunk file (absolute paths), as the first pass left them. */
const modules: Record<string, string[]> = {
  'assets/index-1.js': ['/app/src/main.tsx'],
  'assets/styles-1.js': ['/app/src/styles.ts'],
  'assets/mantine-1.js': ['/app/node_modules/@mantine/core/Paper.mjs', '/app/node_modules/react/index.js'],
  'assets/signee-1.js': ['/app/src/features/signing/public/PublicLayout.tsx'],
  'assets/session-dash-1.js': ['/app/src/lib/errors.ts', '/app/src/locales/en/errors.ts'],
  'assets/SigningStart-1.js': ['/app/src/routes/SigningStart.tsx', '/app/src/features/signing/Start.tsx'],
  'assets/SigningSession-1.js': ['/app/src/routes/SigningSession.tsx'],
  'assets/api-1.js': ['/app/src/lib/api.ts'],
};

describe('the groups of the signee pages’ first load', () => {
  const groups = firstLoadGroups(manifest, (file) => modules[file] ?? [], root);

  it('groups each module by the measured pages that load it first', () => {
    expect(Object.fromEntries(groups)).toEqual({
      '/app/node_modules/@mantine/core/Paper.mjs': 'SigningStart+SigningSession+Dashboard',
      '/app/node_modules/react/index.js': 'SigningStart+SigningSession+Dashboard',
      '/app/src/features/signing/public/PublicLayout.tsx': 'SigningStart+SigningSession',
      '/app/src/lib/errors.ts': 'SigningSession+Dashboard',
      '/app/src/features/signing/Start.tsx': 'SigningStart',
    });
  });

  it('leaves alone the entry, the pages and lazy parts, the texts and what no signee page loads', () => {
    for (const id of [
      '/app/src/main.tsx',
      '/app/src/styles.ts',
      '/app/src/routes/SigningStart.tsx',
      '/app/src/routes/SigningSession.tsx',
      '/app/src/locales/en/errors.ts',
      '/app/src/lib/api.ts',
    ])
      expect(groups.has(id)).toBe(false);
  });
});
