import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@sinetti/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodePathParam } from '../../../lib/path-param';
import { pendingInvite } from '../../../lib/pending-invite';
import { sessionStore } from '../../../lib/session';
import { signInAs } from '../../../test/utils';
import { callsTo, mockApi } from '../../../test/render-route';
import { browser } from '../lib/browser';
import { renderSignIn, type SignInHost } from './signin-view';

const config = (local: boolean) => ({
  status: 'OK',
  version: 'test',
  providers: [
    { platform: 'google', local },
    { platform: 'microsoft', local },
  ],
});

let cleanUp: (() => void) | null = null;
afterEach(() => {
  cleanUp?.();
  cleanUp = null;
  vi.useRealTimers();
  sessionStore.clear();
  pendingInvite.clear();
  vi.restoreAllMocks();
});

/** The page in a fresh container; the host's language is kept as a standalone page keeps it. */
function show(overrides: Partial<SignInHost> = {}) {
  let language: Language = 'en';
  const host: SignInHost = {
    variant: 'signIn',
    search: '',
    language: () => language,
    setLanguage: vi.fn((next: Language) => {
      language = next;
    }),
    finish: vi.fn(async () => undefined),
    ...overrides,
  };
  const root = document.createElement('div');
  root.innerHTML = '<div class="sinetti-splash"></div>';
  document.body.append(root);
  const remove = renderSignIn(root, host);
  cleanUp = () => {
    remove();
    root.remove();
  };
  return { host, root };
}

describe('the sign-in page', () => {
  it('sends the browser to the provider with the decoded redirect target', async () => {
    const goTo = vi.spyOn(browser, 'goTo').mockImplementation(() => {});
    const fetchMock = mockApi({
      'GET /api/config': () => config(false),
      'POST /api/authentication/login': () => ({
        status: 'AUTHORIZATION_REQUIRED',
        redirectUrl: 'https://accounts.example.test/authorize?x=1',
      }),
    });
    const { root } = show({ search: `?redirect=${encodePathParam('/documents/abc')}` });

    expect(root.querySelector('.sinetti-splash')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Sinetti' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in to Sinetti');
    const google = screen.getByRole('button', { name: 'Sign in with Google' });
    // Disabled until the server said which providers there are.
    expect(google).toBeDisabled();
    await waitFor(() => expect(google).toBeEnabled());
    await userEvent.click(google);

    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://accounts.example.test/authorize?x=1'));
    expect(callsTo(fetchMock, 'POST /api/authentication/login')).toEqual([
      { type: 'CLIENT_GOOGLE', redirect: '/documents/abc' },
    ]);
    // The clicked button shows that it is working; the other waits.
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeDisabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('hands a reply that carries a session to the host', async () => {
    const session = { id: 's-1', status: 'OK', selectedOrganization: null };
    mockApi({
      'GET /api/config': () => config(false),
      'POST /api/authentication/login': () => ({ status: 'OK', session }),
    });
    const { host } = show({ search: `?redirect=${encodePathParam('/profile')}` });
    const microsoft = screen.getByRole('button', { name: 'Sign in with Microsoft' });
    await waitFor(() => expect(microsoft).toBeEnabled());
    await userEvent.click(microsoft);
    await waitFor(() =>
      expect(host.finish).toHaveBeenCalledWith(expect.objectContaining({ session, redirect: '/profile' })),
    );
  });

  it('says why after a session ran out from 2 hours without activity, and only then', async () => {
    mockApi({ 'GET /api/config': () => config(false) });
    show();
    expect(screen.queryByText(/without activity/)).not.toBeInTheDocument();
    cleanUp?.();

    signInAs('OK');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000 + 1000);
    expect(sessionStore.get()).toBeNull();
    show();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out after 2 hours without activity.',
    );
  });

  it('says when the built-in development provider is used; sign-up links to sign-in', async () => {
    mockApi({ 'GET /api/config': () => config(true) });
    show({ variant: 'signUp', search: '?redirect=L3Byb2ZpbGU%3D' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Development sign-in: no real Google or Microsoft account is used.',
    );
    expect(screen.getByRole('heading', { name: 'Create your Sinetti account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?redirect=L3Byb2ZpbGU%3D',
    );
  });

  it('reports rate limiting with its own message and lets the user try again', async () => {
    const goTo = vi.spyOn(browser, 'goTo').mockImplementation(() => {});
    mockApi({
      'GET /api/config': () => config(false),
      'POST /api/authentication/login': () => ({
        status: 'ERROR',
        code: 'RATE_LIMITED',
        message: 'Slow down',
      }),
    });
    show();
    const microsoft = screen.getByRole('button', { name: 'Sign in with Microsoft' });
    await waitFor(() => expect(microsoft).toBeEnabled());
    await userEvent.click(microsoft);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait a moment and try again.',
    );
    expect(goTo).not.toHaveBeenCalled();
    const again = screen.getByRole('button', { name: 'Sign in with Microsoft' });
    expect(again).toBeEnabled();
    expect(again).toHaveFocus();
  });

  it('offers both providers when the configuration cannot be read', async () => {
    mockApi({ 'GET /api/config': () => ({ status: 'ERROR', code: 'INTERNAL', message: 'Boom' }) });
    show();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeEnabled();
  });

  it('switches to Finnish in place, with the keyboard, and keeps the choice through the host', async () => {
    mockApi({ 'GET /api/config': () => config(false) });
    const { host } = show();
    const languages = screen.getByRole('group', { name: 'Language' });
    const suomi = within(languages).getByRole('button', { name: 'Suomi' });
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    suomi.focus();
    await userEvent.keyboard('{Enter}');
    expect(host.setLanguage).toHaveBeenCalledWith('fi');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kirjaudu Sinettiin');
    expect(screen.getByRole('group', { name: 'Kieli' })).toBeInTheDocument();
    expect(suomi).toHaveAttribute('aria-pressed', 'true');
    expect(suomi).toHaveFocus();
  });

  it('links to the open-source licences (third-party notices) in both languages', async () => {
    mockApi({ 'GET /api/config': () => config(false) });
    const follow = vi.fn();
    show({ follow });
    expect(screen.getByRole('link', { name: 'Open-source licences' })).toHaveAttribute(
      'href',
      '/third-party-notices.txt',
    );
    await userEvent.click(within(screen.getByRole('group', { name: 'Language' })).getByText('Suomi'));
    const link = screen.getByRole('link', { name: 'Avoimen lähdekoodin lisenssit' });
    expect(link).toHaveAttribute('href', '/third-party-notices.txt');
    // A page load of the server's file, not a route of the app.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(follow).not.toHaveBeenCalled();
  });

  it('lets the app follow the link to the other page itself', async () => {
    mockApi({ 'GET /api/config': () => config(false) });
    const follow = vi.fn();
    show({ follow });
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(follow).toHaveBeenCalledWith('/signup');
  });
});

describe('the sign-in page an e-mailed invitation leads to', () => {
  const token = 'Tk_'.padEnd(43, 'x');
  const previewKey = `GET /api/public/invite/${token}`;

  it('names the organization, in both languages and on the sign-up page too', async () => {
    pendingInvite.set(token);
    const fetchMock = mockApi({
      'GET /api/config': () => config(false),
      [previewKey]: () => ({ status: 'OK', organizationName: '<b>Acme</b> Oy' }),
    });
    show({ variant: 'signUp' });
    const note = await screen.findByTestId('signin-invite');
    expect(note).toBeVisible();
    expect(note).toHaveTextContent('You have been invited to join <b>Acme</b> Oy');
    // The name is text, never markup.
    expect(note.querySelector('b')).toBeNull();
    expect(callsTo(fetchMock, previewKey)).toHaveLength(1);
    await userEvent.click(within(screen.getByRole('group', { name: 'Language' })).getByText('Suomi'));
    expect(note).toHaveTextContent('Sinut on kutsuttu liittymään organisaatioon <b>Acme</b> Oy');
    // The link is still kept for after signing in.
    expect(pendingInvite.get()).toBe(token);
  });

  it('stays the plain page for a link the server does not know (used, expired, unknown)', async () => {
    pendingInvite.set(token);
    const fetchMock = mockApi({
      'GET /api/config': () => config(false),
      [previewKey]: () => ({ status: 'ERROR', code: 'NOT_FOUND', message: 'Invite not found.' }),
    });
    show();
    await waitFor(() => expect(callsTo(fetchMock, previewKey)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled());
    expect(screen.getByTestId('signin-invite')).not.toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Sinetti' })).toBeInTheDocument();
  });

  it('asks nothing about invitations without an e-mailed link', async () => {
    const fetchMock = mockApi({ 'GET /api/config': () => config(false) });
    show();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled());
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/config']);
    expect(screen.getByTestId('signin-invite')).not.toBeVisible();
  });
});
