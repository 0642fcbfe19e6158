import { BASE_PAGE_CSS, escapeHtml, htmlPage } from '../../../lib/html.ts';
import { TEST_PERSONS } from '../test-persons.ts';

/** The TEST CSC service's server-rendered pages (no script; the CSP allows inline styles), English and Finnish. */

export type PageLang = 'en' | 'fi';

/** `lang` (CSC) or `ui_locales` (OAuth): Finnish when either asks for it first. */
export function pageLang(query: { lang?: unknown; ui_locales?: unknown }): PageLang {
  const first = [query.lang, query.ui_locales].find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof first === 'string' && first.trim().toLowerCase().startsWith('fi') ? 'fi' : 'en';
}

const TEXT = {
  en: {
    banner: 'TEST — not a real trust service provider: these signatures are NOT qualified',
    title: 'Sinetti TEST signature service',
    loginHeading: 'Sign in to the TEST signature service',
    loginNote:
      'This stands in for a qualified trust service provider (QTSP) while none is configured. Pick a TEST person: ' +
      'their TEST signing certificate will sign.',
    person: 'TEST person',
    signIn: 'Sign in',
    cancel: 'Cancel',
    pickPerson: 'Pick a TEST person.',
    authorizeHeading: 'Authorize one TEST signature',
    authorizeNote:
      'You are about to sign one document as {name} with a TEST certificate. Its hash (SHA-256):',
    codeLabel: 'One-time code',
    codeShown: 'TEST one-time code (a real service sends it to your phone): ',
    authorize: 'Sign',
    wrongCode: 'The one-time code is not right. Type the code shown above.',
    expiredHeading: 'Request expired',
    expired: 'This request has expired or was already used. Go back to Sinetti and start again.',
    badHeading: 'Invalid request',
    badClient: 'This request does not come from Sinetti (unknown client or return address).',
  },
  fi: {
    banner: 'TESTI — ei oikea luottamuspalvelu: nämä allekirjoitukset EIVÄT ole hyväksyttyjä',
    title: 'Sinetin TESTI-allekirjoituspalvelu',
    loginHeading: 'Kirjaudu TESTI-allekirjoituspalveluun',
    loginNote:
      'Tämä korvaa hyväksytyn luottamuspalvelun (QTSP), kun sellaista ei ole määritetty. Valitse TESTI-henkilö: ' +
      'hänen TESTI-allekirjoitusvarmenteensa allekirjoittaa.',
    person: 'TESTI-henkilö',
    signIn: 'Kirjaudu',
    cancel: 'Peruuta',
    pickPerson: 'Valitse TESTI-henkilö.',
    authorizeHeading: 'Hyväksy yksi TESTI-allekirjoitus',
    authorizeNote:
      'Olet allekirjoittamassa yhden asiakirjan nimellä {name} TESTI-varmenteella. Sen tiiviste (SHA-256):',
    codeLabel: 'Kertakäyttökoodi',
    codeShown: 'TESTI-kertakäyttökoodi (oikea palvelu lähettää sen puhelimeesi): ',
    authorize: 'Allekirjoita',
    wrongCode: 'Kertakäyttökoodi ei ole oikein. Kirjoita yllä näkyvä koodi.',
    expiredHeading: 'Pyyntö vanhentunut',
    expired: 'Tämä pyyntö on vanhentunut tai jo käytetty. Palaa Sinettiin ja aloita alusta.',
    badHeading: 'Virheellinen pyyntö',
    badClient: 'Tämä pyyntö ei tule Sinetistä (tuntematon asiakas tai paluuosoite).',
  },
} as const;

export const textOf = (lang: PageLang) => TEXT[lang];

const CSS = `${BASE_PAGE_CSS}
main { max-width: 30rem; }
.banner { background: #b91c1c; }
.person { display: flex; gap: 0.5rem; align-items: center; margin: 0.35rem 0; font-weight: 400; }
.person input { width: auto; }
code { word-break: break-all; background: #f4f5f7; padding: 0.1rem 0.3rem; }
`;

function page(lang: PageLang, body: string): string {
  const t = TEXT[lang];
  return htmlPage({ title: t.title, body, inlineStyle: CSS, banner: t.banner }).replace(
    '<html lang="en">',
    `<html lang="${lang}">`,
  );
}

const error = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>\n` : '';

const actions = (primary: string, cancel: string) =>
  `<div class="actions">
<button class="primary" type="submit" name="action" value="ok">${escapeHtml(primary)}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(cancel)}</button>
</div>`;

export function loginPage(input: {
  lang: PageLang;
  request: string;
  action: string;
  error?: string;
}): string {
  const t = TEXT[input.lang];
  const persons = TEST_PERSONS.map(
    (p, i) =>
      `<label class="person"><input type="radio" name="person" value="${escapeHtml(p.id)}"${i === 0 ? ' checked' : ''}>` +
      `${escapeHtml(`${p.givenName} ${p.familyName}`)} (TEST)</label>`,
  ).join('\n');
  return page(
    input.lang,
    `<h1>${escapeHtml(t.loginHeading)}</h1>
<p class="note">${escapeHtml(t.loginNote)}</p>
${error(input.error)}<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request" value="${escapeHtml(input.request)}">
<input type="hidden" name="lang" value="${input.lang}">
<fieldset><legend>${escapeHtml(t.person)}</legend>
${persons}
</fieldset>
${actions(t.signIn, t.cancel)}
</form>`,
  );
}

export function authorizePage(input: {
  lang: PageLang;
  request: string;
  action: string;
  name: string;
  hash: string;
  otp: string;
  error?: string;
}): string {
  const t = TEXT[input.lang];
  return page(
    input.lang,
    `<h1>${escapeHtml(t.authorizeHeading)}</h1>
<p>${escapeHtml(t.authorizeNote.replace('{name}', input.name))}</p>
<p><code id="hash">${escapeHtml(input.hash)}</code></p>
<p class="note">${escapeHtml(t.codeShown)}<strong id="otp">${escapeHtml(input.otp)}</strong></p>
${error(input.error)}<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request" value="${escapeHtml(input.request)}">
<input type="hidden" name="lang" value="${input.lang}">
<label for="code">${escapeHtml(t.codeLabel)}</label>
<input id="code" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required autofocus>
${actions(t.authorize, t.cancel)}
</form>`,
  );
}

export function messagePage(lang: PageLang, heading: string, message: string): string {
  return page(lang, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
