import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@sinetti/contract';
import { call } from '../lib/api';
import { pageLoads } from '../lib/page-navigation';
import { sessionStore } from '../lib/session';
import { accountReply, makeAccount, mockFetch, renderApp, resetTestState, signInAs } from '../test/utils';
import { decideAccess } from './guards';
import { isPublicLocation } from './routerState';
import { decodePathParam } from '../lib/path-param';

afterEach(resetTestState);

describe('route guards (SPEC §2.2)', () => {
  it('sends a signed-out visitor of a protected page to sign-in with the target in base64', async () => {
    const { router } = renderApp('/documents/abc?sort=name');
    await screen.findByText('page:SignIn');
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/signin');
    const redirect = new URLSearchParams(search).get('redirect');
    expect(redirect).toBe(btoa('/documents/abc?sort=name'));
    expect(decodePathParam(redirect)).toBe('/documents/abc?sort=name');
  });

  it('sends an expired session to /session-expired and forgets it there', async () => {
    signInAs();
    sessionStore.expire();
    const { router } = renderApp('/documents');
    await screen.findByText('page:SessionExpired');
    expect(router.state.location.pathname).toBe('/session-expired');
    await waitFor(() => expect(sessionStore.get()).toBeNull());
  });

  it('sends a session that still needs setup to the wizard step the account is on', async () => {
    signInAs('SETUP_REQUIRED');
    const account = makeAccount({
      wizard: true,
      wizardSteps: { step: 4, data: {}, skipped: [], complete: false },
    });
    mockFetch({ 'GET /api/authentication/accounts': accountReply(account, 'SETUP_REQUIRED') });
    const { router } = renderApp('/');
    await screen.findByText('page:SignUpInviteUsers');
    expect(router.state.location.pathname).toBe('/setup/invite-users');
  });

  it('falls back to the first setup step when the account cannot be read', async () => {
    signInAs('SETUP_REQUIRED');
    mockFetch({});
    const { router } = renderApp('/documents');
    await screen.findByText('page:SignUpCreateOrganization');
    expect(router.state.location.pathname).toBe('/setup/create-organization');
  });

  it('blocks the setup routes once setup is complete', async () => {
    signInAs('OK');
    mockFetch({ 'GET /api/authentication/accounts': accountReply() });
    const { router } = renderApp('/setup/organization-name');
    await screen.findByText('page:Dashboard');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user away from sign-in to /', async () => {
    signInAs('OK');
    mockFetch({ 'GET /api/authentication/accounts': accountReply() });
    const { router } = renderApp('/signin');
    await screen.findByText('page:Dashboard');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets anyone open public pages', async () => {
    renderApp('/verify');
    expect(await screen.findByText('page:Verify')).toBeInTheDocument();
  });

  it('hands a signee’s page to the public root: a page load, not a page of the app', async () => {
    const assign = vi.spyOn(pageLoads, 'assign').mockImplementation(() => undefined);
    renderApp('/public/sign/abc?lang=fi');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/public/sign/abc?lang=fi'));
    expect(screen.queryByText('page:SigningStart')).not.toBeInTheDocument();
  });

  it('replaces unknown paths with /page-not-found', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByText('page:NotFound');
    expect(router.state.location.pathname).toBe('/page-not-found');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('tells the API client when the current route is public', async () => {
    const fetchMock = mockFetch({ 'GET /api/authentication/accounts': accountReply() });
    renderApp('/verify');
    await screen.findByText('page:Verify');
    await call(api.authentication.accounts);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('decideAccess', () => {
  const session = { id: 's', updated: Date.now(), status: 'OK' as const, selectedOrganization: null };

  it('applies each rule', () => {
    expect(decideAccess('public', null, '/x')).toEqual({ kind: 'allow' });
    expect(decideAccess('signedOut', false, '/signin')).toEqual({ kind: 'clearAndAllow' });
    expect(decideAccess('signedOut', session, '/signin')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess('protected', session, '/')).toEqual({ kind: 'allow' });
    expect(decideAccess('protected', { ...session, status: 'SETUP_REQUIRED' }, '/')).toEqual({
      kind: 'setup',
    });
    expect(decideAccess('setup', { ...session, status: 'SETUP_REQUIRED' }, '/setup/invites')).toEqual({
      kind: 'allow',
    });
    expect(decideAccess('setup', null, '/setup/invites')).toMatchObject({ kind: 'redirect' });
  });

  it('treats the not-found catch-all as public', () => {
    expect(isPublicLocation({ matches: [] })).toBe(true);
  });
});
