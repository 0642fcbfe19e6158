import { describe, expect, it } from 'vitest';
import { pagePreloadsOf } from './page-preloads';
import type { Manifest } from './first-load';
import { ROUTE_TABLE } from '../src/app/route-table';

/** A build manifest as Vite writes it, cut down to what the preloads read. */
function manifestWith(pages: string[]): Manifest {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_styles.js'] },
    '_styles.js': { file: 'assets/styles-1.js' },
    'src/boot.tsx': { file: 'assets/boot-1.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_mantine.js': { file: 'assets/mantine-1.js', imports: ['_react.js'], css: ['assets/mantine-1.css'] },
    'src/app/layout/ShellLayout.tsx': { file: 'assets/ShellLayout-1.js', imports: ['_mantine.js'] },
    'src/features/auth/standalone/page.ts': { file: 'assets/page-1.js', imports: ['_api.js'] },
    'src/app/public/public-boot.tsx': { file: 'assets/public-boot-1.js', imports: ['_mantine.js'] },
    '_api.js': { file: 'assets/api-1.js' },
  };
  for (const language of ['en', 'fi']) {
    for (const group of ['core', 'signee', 'signing', 'app', 'integrations', 'fields']) {
      manifest[`src/locales/${language}/${group}.ts`] = { file: `assets/${language}-${group}-1.js` };
    }
  }
  for (const page of pages) {
    manifest[`src/routes/${page}.tsx`] = {
      file: `assets/${page.replace('/', '-')}-1.js`,
      imports: ['_mantine.js'],
    };
  }
  return manifest;
}

describe('the JavaScript the server preloads per page', () => {
  const { routes, other } = pagePreloadsOf(manifestWith(ROUTE_TABLE.map((r) => r.page)));
  const filesOf = (path: string) => routes.find((r) => r.path === path)?.files;

  it('names each route with its chunk, its texts in each language and their imports', () => {
    expect(filesOf('/profile/:page?')?.en).toEqual(
      expect.arrayContaining(['assets/Profile-1.js', 'assets/mantine-1.js', 'assets/en-core-1.js']),
    );
    expect(filesOf('/profile/:page?')?.fi).toContain('assets/fi-core-1.js');
    expect(filesOf('/profile/:page?')?.fi).not.toContain('assets/en-core-1.js');
    expect(filesOf('/verify')?.en).toContain('assets/en-signing-1.js');
    expect(filesOf('/verify')?.en).not.toContain('assets/en-app-1.js');
    // The integrations' texts (API keys, webhooks, embedding) come with the settings page only.
    expect(filesOf('/settings/:page?/:subPage?')?.fi).toContain('assets/fi-integrations-1.js');
    expect(filesOf('/')?.fi).not.toContain('assets/fi-integrations-1.js');
  });

  it('gives a signee’s pages the public root, their texts and their page: not the app', () => {
    for (const path of ['/public/sign/:signee', '/public/session/:sessionToken', '/public/share/:token']) {
      expect(filesOf(path)?.fi).toEqual(
        expect.arrayContaining(['assets/public-boot-1.js', 'assets/react-1.js', 'assets/fi-signee-1.js']),
      );
      for (const file of ['assets/boot-1.js', 'assets/fi-signing-1.js', 'assets/fi-app-1.js'])
        expect(filesOf(path)?.fi).not.toContain(file);
    }
    expect(filesOf('/public/session/:sessionToken')?.en).toContain('assets/SigningSession-1.js');
  });

  it('adds the signed-in frame for shell pages only', () => {
    expect(filesOf('/')?.en).toEqual(
      expect.arrayContaining(['assets/Dashboard-1.js', 'assets/ShellLayout-1.js', 'assets/en-app-1.js']),
    );
    expect(filesOf('/verify')?.en).not.toContain('assets/ShellLayout-1.js');
  });

  it('adds the stylesheets of the page’s chunks (not those index.html names)', () => {
    expect(filesOf('/')?.en).toContain('assets/mantine-1.css');
    expect(filesOf('/public/session/:sessionToken')?.fi).toContain('assets/mantine-1.css');
  });

  it('gives sign-in and sign-up their page alone: no app, no Mantine', () => {
    for (const path of ['/signin', '/signup']) {
      expect(new Set(filesOf(path)?.en)).toEqual(new Set(['assets/page-1.js', 'assets/api-1.js']));
      expect(new Set(filesOf(path)?.fi)).toEqual(new Set(['assets/page-1.js', 'assets/api-1.js']));
    }
  });

  it('names the app that the entry starts, and leaves out what index.html already loads', () => {
    const ownRoot = (path: string) => ['/signin', '/signup'].includes(path) || path.startsWith('/public/');
    for (const route of routes.filter((r) => !ownRoot(r.path))) {
      expect(route.files.en).toEqual(expect.arrayContaining(['assets/boot-1.js', 'assets/react-1.js']));
      expect(route.files.en).not.toContain('assets/index-1.js');
      expect(route.files.en).not.toContain('assets/styles-1.js');
    }
  });

  it('gives a path that is no route the app and its core texts', () => {
    expect(new Set(other.fi)).toEqual(
      new Set(['assets/boot-1.js', 'assets/react-1.js', 'assets/fi-core-1.js']),
    );
  });

  it('covers every route of the route table', () => {
    expect(routes.map((r) => r.path)).toEqual(ROUTE_TABLE.map((r) => r.path));
  });
});
