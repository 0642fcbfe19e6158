import type { Language } from '@sinetti/contract';
import { BASE_PAGE_CSS, escapeHtml, htmlPage } from '../../../lib/html.ts';
import type { TestPerson } from '../test-persons.ts';

/** Server-rendered pages of the built-in TEST eID provider: no script; every page says TEST in both languages. */

export const TEST_EID_LOGIN_PATH = '/test-eid-login';

/** On every page, whatever the language asked for: nobody may take this for a real identification. */
export const TEST_BANNER =
  'TEST eID — not a real identification · TESTI-tunnistus — ei oikea tunnistautuminen';

const STYLE = `${BASE_PAGE_CSS}
main { max-width: 30rem; margin-top: 3rem; }
.banner { background: #b91c1c; }
fieldset { border: 1px solid #e3e5e8; border-radius: 4px; margin: 1rem 0 0; padding: 0.5rem 1rem; }
fieldset label { font-weight: 400; display: flex; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
fieldset input { width: auto; }
`;

const TEXT = {
  en: {
    title: 'TEST eID identification',
    note:
      'This built-in TEST provider stands in for the Finnish Trust Network while no real eID is configured. ' +
      'It proves nobody’s identity: signatures made with it are TEST signatures.',
    choose: 'Identify as a test person',
    birthdate: 'born',
    identify: 'Identify',
    cancel: 'Cancel',
    pick: 'Choose a test person.',
  },
  fi: {
    title: 'TESTI-tunnistus',
    note:
      'Tämä sisäänrakennettu TESTI-palvelu korvaa Luottamusverkoston tunnistuksen, kun oikeaa ' +
      'tunnistuspalvelua ei ole määritetty. Se ei todista kenenkään henkilöllisyyttä: sillä tehdyt ' +
      'allekirjoitukset ovat TESTI-allekirjoituksia.',
    choose: 'Tunnistaudu testihenkilönä',
    birthdate: 'syntynyt',
    identify: 'Tunnistaudu',
    cancel: 'Peruuta',
    pick: 'Valitse testihenkilö.',
  },
} satisfies Record<Language, Record<string, string>>;

/** The language of `ui_locales` (space-separated, in order of preference); English when none fits. */
export function languageOf(uiLocales: unknown): Language {
  const tags = typeof uiLocales === 'string' ? uiLocales.split(' ') : [];
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fi' || base === 'en') return base;
  }
  return 'en';
}

function layout(lang: Language, title: string, body: string): string {
  return htmlPage({ title, body, inlineStyle: STYLE, banner: TEST_BANNER, lang });
}

export interface TestLoginPageInput {
  uid: string;
  lang: Language;
  persons: readonly TestPerson[];
  error?: boolean;
}

export function testLoginPage(input: TestLoginPageInput): string {
  const t = TEXT[input.lang];
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(t.pick)}</p>\n` : '';
  const options = input.persons
    .map(
      (p, i) =>
        `<label><input type="radio" name="person" value="${escapeHtml(p.id)}"${i === 0 ? ' checked' : ''}>` +
        `${escapeHtml(`${p.givenName} ${p.familyName}`)} (${t.birthdate} ${escapeHtml(p.birthdate)})</label>`,
    )
    .join('\n');
  return layout(
    input.lang,
    `${t.title} (TEST)`,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="note">${escapeHtml(t.note)}</p>
${error}<form method="post" action="${TEST_EID_LOGIN_PATH}/${encodeURIComponent(input.uid)}">
<fieldset>
<legend>${escapeHtml(t.choose)}</legend>
${options}
</fieldset>
<div class="actions">
<button class="primary" type="submit" name="action" value="identify">${escapeHtml(t.identify)}</button>
<button class="secondary" type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</div>
</form>`,
  );
}

/** A message in both languages (errors may come before the language is known). */
export function testMessagePage(
  en: { heading: string; text: string },
  fi: { heading: string; text: string },
): string {
  return layout(
    'en',
    `${en.heading} (TEST)`,
    `<h1>${escapeHtml(en.heading)}</h1>
<p>${escapeHtml(en.text)}</p>
<h1 lang="fi">${escapeHtml(fi.heading)}</h1>
<p lang="fi">${escapeHtml(fi.text)}</p>`,
  );
}

export const EXPIRED_PAGE = testMessagePage(
  {
    heading: 'Identification expired',
    text: 'This TEST identification has expired or was already used. Go back to Sinetti and start again.',
  },
  {
    heading: 'Tunnistus vanhentui',
    text: 'Tämä TESTI-tunnistus on vanhentunut tai jo käytetty. Palaa Sinettiin ja aloita uudelleen.',
  },
);

export function errorPage(detail: string): string {
  return testMessagePage(
    { heading: 'Identification failed', text: `${detail} Go back to Sinetti and start again.` },
    {
      heading: 'Tunnistus epäonnistui',
      text: 'TESTI-tunnistusta ei voitu tehdä. Palaa Sinettiin ja aloita uudelleen.',
    },
  );
}
