import { api, LANGUAGES, type Language, type Platform, type ReplyOf } from '@sinetti/contract';
import { ApiError, call } from '../../../lib/api';
import { NOTICES_PATH } from '../../../lib/notices';
import { decodePathParam } from '../../../lib/path-param';
import { pendingInvite } from '../../../lib/pending-invite';
import { sessionStore } from '../../../lib/session';
import en from '../../../locales/en/auth.json';
import fi from '../../../locales/fi/auth.json';
import { login } from '../api/login';
import { browser } from '../lib/browser';
import css from './signin.css?inline';

/**
 * The sign-in and sign-up pages (SPEC §2.1): headline, text, provider buttons, language switch, and after
 * a session ran out from inactivity a note that says so. Plain DOM, no React, Mantine or i18next: a
 * signed-out visitor gets this page with a few kilobytes of JavaScript instead of the whole app (issue #12
 * item 8; ../../../main.tsx). Inside the app (a client-side visit after sign-out) SignInPanel hosts the same
 * view, so there is one sign-in page.
 */

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, fi };

export type LoginReply = ReplyOf<typeof api.authentication.login> & { redirect?: string };

export interface SignInHost {
  variant: 'signIn' | 'signUp';
  /** The page address's query (`redirect`: where to go after signing in). */
  search: string;
  language(): Language;
  /** Keeps the chosen language (the app also switches its own texts). */
  setLanguage(lang: Language): unknown;
  /** Finishes a sign-in that needed no visit to the provider: the reply carries the session. */
  finish(reply: LoginReply): Promise<void>;
  /** Follows the link to the other page (sign-up ↔ sign-in); without it the browser does. */
  follow?(href: string): void;
  /** The server's public configuration (the app reads it from its cache); without it, fetched. */
  loadConfig?(): Promise<SystemConfig>;
}

/**
 * The organization an e-mailed invite link kept in this tab (lib/pending-invite.ts) is to; null when there
 * is none or the server does not know it (unknown, used, expired: the page then stays the plain one).
 */
async function invitedOrganization(): Promise<string | null> {
  const token = pendingInvite.get();
  if (token === null) return null;
  try {
    const reply = await call(api.organizations.invitePreview, { params: { token } });
    return reply.organizationName;
  } catch {
    return null;
  }
}

type SystemConfig = ReplyOf<typeof api.system.config>;

interface Provider {
  platform: Platform;
  /** Served by the built-in development provider. */
  local: boolean;
}

/** Until the configuration is known (or if it cannot be read) both providers are offered. */
const DEFAULT_PROVIDERS: Provider[] = [
  { platform: 'google', local: false },
  { platform: 'microsoft', local: false },
];
const PROVIDER_NAMES: Record<Platform, string> = { google: 'Google', microsoft: 'Microsoft' };
const SVG = 'http://www.w3.org/2000/svg';
const ICONS: Record<Platform | 'clock' | 'mail', string> = {
  google: 'M20 12a8 8 0 1 1-2.34-5.66M20 12h-7.5',
  microsoft: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 3',
  mail: 'M3 6h18v12H3zM3 6l9 7l9-7',
};

function icon(name: keyof typeof ICONS, size: number): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[name]);
  svg.append(path);
  return svg;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function errorText(texts: Texts, error: unknown): string {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return texts.errors.rateLimited;
  if (error instanceof ApiError && error.code === 'NETWORK') return texts.errors.network;
  return texts.errors.signInFailed;
}

function addStyles(): void {
  if (document.getElementById('sinetti-signin-style')) return;
  document.head.append(el('style', { id: 'sinetti-signin-style' }, css));
}

/** Draws the page into `root` (replacing what is there); the answer removes it again. */
export function renderSignIn(root: HTMLElement, host: SignInHost): () => void {
  addStyles();
  const query = new URLSearchParams(host.search);
  const redirectParam = query.get('redirect');
  const redirect = decodePathParam(redirectParam) ?? undefined;
  const other = host.variant === 'signIn' ? '/signup' : '/signin';
  const otherHref = redirectParam ? `${other}?redirect=${encodeURIComponent(redirectParam)}` : other;
  const lapsed = host.variant === 'signIn' && sessionStore.lapsedIdle();
  const previousTitle = document.title;

  let providers = DEFAULT_PROVIDERS;
  let loading = true;
  let active: Platform | null = null;
  let failure: unknown = null;
  let gone = false;
  let organization: string | null = null;

  const languageButtons = LANGUAGES.map((lang) =>
    el('button', { type: 'button', lang, 'data-lang': lang }, TEXTS[lang].language[lang]),
  );
  const languages = el('div', { class: 'sg-lang', role: 'group' }, ...languageButtons);
  const title = el('h1', { id: 'sg-title' });
  const text = el('p');
  const noteText = el('span');
  const note = el('div', { class: 'sg-note', role: 'status' }, icon('clock', 20), noteText);
  // An e-mailed invitation: the organization's name, written as text (never as markup).
  const inviteName = el('strong', { class: 'sg-invite-name' });
  const inviteLead = el('span');
  const inviteHint = el('span', { class: 'sg-invite-hint' });
  const invite = el(
    'div',
    { class: 'sg-note sg-invite', role: 'status', 'data-testid': 'signin-invite' },
    icon('mail', 20),
    el('p', {}, inviteLead, ' ', inviteName, el('br'), inviteHint),
  );
  invite.hidden = true;
  const buttons = el('div', { class: 'sg-providers' });
  const dev = el('p', { class: 'sg-dev', role: 'note' });
  const error = el('p', { class: 'sg-error', role: 'alert' });
  const switchText = el('span');
  const switchLink = el('a', { href: otherHref });
  // The third-party notices (issue #28): reachable before signing in.
  const licences = el('a', { href: NOTICES_PATH });
  const main = el(
    'main',
    { class: 'sg-page' },
    el(
      'section',
      { class: 'sg-card', 'aria-labelledby': 'sg-title' },
      el('div', { class: 'sg-top' }, languages),
      el('div', { class: 'sg-head' }, title, text),
      invite,
      ...(lapsed ? [note] : []),
      buttons,
      dev,
      error,
      el('p', { class: 'sg-switch' }, switchText, ' ', switchLink),
    ),
    el('p', { class: 'sg-legal' }, licences),
  );

  const providerButtons = new Map<Platform, HTMLButtonElement>();
  /** One button per provider, made once: redrawing keeps the element (and the focus on it). */
  function providerButton(platform: Platform): HTMLButtonElement {
    let button = providerButtons.get(platform);
    if (!button) {
      button = el('button', { type: 'button', class: 'sg-button', 'data-platform': platform });
      providerButtons.set(platform, button);
    }
    return button;
  }

  /** Writes the texts and states; the elements stay, so focus stays where it was. */
  function update(): void {
    const lang = host.language();
    const t = TEXTS[lang];
    document.title = t[host.variant].title;
    languages.setAttribute('aria-label', t.language.label);
    for (const button of languageButtons) {
      button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
    }
    title.textContent = t[host.variant].title;
    text.textContent = t[host.variant].text;
    noteText.textContent = t.signIn.idleExpired;
    invite.hidden = organization === null;
    inviteLead.textContent = t.invite.lead;
    inviteName.textContent = organization ?? '';
    inviteHint.textContent = t.invite.hint;
    buttons.replaceChildren(
      ...providers.map(({ platform }) => {
        const button = providerButton(platform);
        const busy = active === platform;
        button.replaceChildren(
          busy ? el('span', { class: 'sg-spinner', 'aria-hidden': 'true' }) : icon(platform, 20),
          el('span', {}, t.providers[platform]),
        );
        if (busy) button.setAttribute('aria-busy', 'true');
        else button.removeAttribute('aria-busy');
        button.disabled = loading || (active !== null && !busy);
        return button;
      }),
    );
    const local = providers.filter((p) => p.local).map((p) => PROVIDER_NAMES[p.platform]);
    dev.hidden = local.length === 0;
    dev.textContent =
      local.length > 1 ? t.devNote.both : t.devNote.one.replace('{{provider}}', local[0] ?? '');
    error.textContent = failure === null ? '' : errorText(t, failure);
    switchText.textContent = t[host.variant].switchText;
    switchLink.textContent = t[host.variant].switchLink;
    licences.textContent = t.footer.licences;
  }

  async function start(platform: Platform): Promise<void> {
    if (active !== null) return;
    active = platform;
    failure = null;
    update();
    try {
      const reply = await login({ platform, redirect });
      if (reply.status === 'AUTHORIZATION_REQUIRED' && reply.redirectUrl) {
        // The button keeps its spinner while the browser leaves for the provider.
        browser.goTo(reply.redirectUrl);
        return;
      }
      await host.finish({ ...reply, redirect });
    } catch (err) {
      if (gone) return;
      active = null;
      failure = err;
      update();
      providerButton(platform).focus();
    }
  }

  languages.addEventListener('click', (event) => {
    const lang = (event.target as HTMLElement).closest('button')?.dataset.lang;
    const chosen = LANGUAGES.find((l) => l === lang);
    if (!chosen || chosen === host.language()) return;
    host.setLanguage(chosen);
    update();
  });
  buttons.addEventListener('click', (event) => {
    const platform = (event.target as HTMLElement).closest('button')?.dataset.platform;
    const chosen = DEFAULT_PROVIDERS.find((p) => p.platform === platform)?.platform;
    if (chosen) void start(chosen);
  });
  switchLink.addEventListener('click', (event) => {
    if (!host.follow || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    host.follow(otherHref);
  });

  update();
  root.replaceChildren(main);
  void invitedOrganization().then((name) => {
    organization = name;
    if (!gone) update();
  });
  (host.loadConfig ?? (() => call(api.system.config)))()
    .then(
      (config) => {
        providers = config.providers;
      },
      () => undefined,
    )
    .finally(() => {
      loading = false;
      if (!gone) update();
    });

  return () => {
    gone = true;
    main.remove();
    document.title = previousTitle;
  };
}
