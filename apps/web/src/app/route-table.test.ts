import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from './public/pages';
import { buildPath, publicSigning, sharesApi } from '@sinetti/contract';
import { fillPath, matchPath } from './match-path';
import { isStandalonePath, publicRouteOf, ROUTE_TABLE, textsOf, type RouteEntry } from './route-table';

describe('pages a signed-out visitor gets without the app', () => {
  it('are sign-in and sign-up, with or without a trailing slash', () => {
    for (const path of ['/signin', '/signup', '/signin/', '/signup/'])
      expect(isStandalonePath(path)).toBe(true);
  });

  it('are no other page', () => {
    for (const path of ['/', '/signin/x', '/session-expired', '/redirect/google', '/public/sign/abc']) {
      expect(isStandalonePath(path)).toBe(false);
    }
  });
});

describe('paths of a route', () => {
  it('match segment by segment and name their parameters, decoded', () => {
    expect(matchPath('/public/sign/:signee', '/public/sign/abc')).toEqual({ signee: 'abc' });
    expect(matchPath('/public/sign/:signee', '/public/sign/a%20b/')).toEqual({ signee: 'a b' });
    expect(matchPath('/public/signing/:result/:document', '/public/signing/success/d1')).toEqual({
      result: 'success',
      document: 'd1',
    });
  });

  it('leave an empty optional parameter out', () => {
    expect(matchPath('/documents/:parent?', '/documents')).toEqual({});
    expect(matchPath('/documents/:parent?', '/documents/p')).toEqual({ parent: 'p' });
  });

  it('do not match other paths, extra segments or undecodable parameters', () => {
    expect(matchPath('/public/sign/:signee', '/public/sign')).toBeNull();
    expect(matchPath('/public/sign/:signee', '/public/sign/a/b')).toBeNull();
    expect(matchPath('/public/sign/:signee', '/public/signed/a')).toBeNull();
    expect(matchPath('/public/sign/:signee', '/public/sign/%E0%A4%A')).toBeNull();
  });
});

describe('the public root (a signee’s pages without the app)', () => {
  it('shows the signee’s pages and the shared document, with their parameters', () => {
    expect(publicRouteOf('/public/sign/abc')?.route.name).toBe('SigningStart');
    expect(publicRouteOf('/public/session/s1')?.params).toEqual({ sessionToken: 's1' });
    expect(publicRouteOf('/public/signing/success/d1')?.route.name).toBe('SigningResult');
    expect(publicRouteOf('/public/signed/abc')?.route.name).toBe('SigningComplete');
    expect(publicRouteOf('/public/share/t')?.route.name).toBe('SharedDocument');
  });

  it('shows no page of the app, nor the verification page', () => {
    for (const path of ['/', '/verify', '/signin', '/document/x', '/page-not-found', '/public/other/x']) {
      expect(publicRouteOf(path)).toBeNull();
    }
  });

  it('has a page module for each of its routes', () => {
    const publicPages = ROUTE_TABLE.filter((route) => route.root === 'public').map((route) => route.page);
    expect([...PUBLIC_PAGES.keys()].sort()).toEqual([...publicPages].sort());
  });

  it('loads the signee’s texts only; the verification page and the app have theirs', () => {
    expect(textsOf(routeNamed('SigningSession'))).toEqual(['signee']);
    expect(textsOf(routeNamed('Verify'))).toEqual(['signing']);
    expect(textsOf(routeNamed('Dashboard'))).toEqual(['app', 'signing']);
    expect(textsOf(routeNamed('Settings'))).toEqual(['app', 'signing', 'integrations']);
    expect(textsOf(routeNamed('Document'))).toEqual(['app', 'signing', 'fields']);
    expect(textsOf(routeNamed('DocumentEditor'))).toEqual(['app']);
    expect(textsOf(routeNamed('SignIn'))).toEqual([]);
  });
});

function routeNamed(name: string): RouteEntry {
  const route = ROUTE_TABLE.find((r) => r.name === name);
  if (!route) throw new Error(name);
  return route;
}

describe('the early call of a public page (lib/early-fetch.ts)', () => {
  const early = (name: string, params: Record<string, string>) =>
    fillPath(routeNamed(name).earlyCall ?? '', params);

  it('is the page’s first call, as the contract writes it', () => {
    expect(early('SigningStart', { signee: 'T' })).toBe(
      `/api${buildPath(publicSigning.status.path, { token: 'T' })}`,
    );
    expect(early('SigningComplete', { signee: 'T' })).toBe(
      `/api${buildPath(publicSigning.status.path, { token: 'T' })}`,
    );
    expect(early('SigningSession', { sessionToken: 'S' })).toBe(
      `/api${buildPath(publicSigning.session.path, { sessionToken: 'S' })}`,
    );
    expect(early('SharedDocument', { token: 'a b' })).toBe(
      `/api${buildPath(sharesApi.open.path, { token: 'a b' })}`,
    );
  });

  it('is made only of public GETs', () => {
    for (const endpoint of [publicSigning.status, publicSigning.session, sharesApi.open]) {
      expect([endpoint.method, endpoint.access]).toEqual(['GET', 'public']);
    }
  });

  it('is not made when a parameter is missing', () => {
    expect(fillPath('/api/x/:token', {})).toBeNull();
  });
});
