import { BASE_PAGE_CSS, escapeHtml, htmlPage } from '../../../lib/html.ts';

/** Server-rendered pages of the built-in provider: no script, styles from one stylesheet (strict CSP). */

export const STYLESHEET_PATH = '/idp/local-sign-in.css';

export const STYLESHEET = `${BASE_PAGE_CSS}
main { max-width: 26rem; margin-top: 4rem; }
`;

export const PAGE_TITLE = 'Sinetti local sign-in (development only — any e-mail is accepted)';

function layout(title: string, body: string): string {
  return htmlPage({ title, body, stylesheetHref: STYLESHEET_PATH });
}

export interface LoginPageInput {
  uid: string;
  platform: string;
  email?: string;
  name?: string;
  error?: string;
}

export function loginPage(input: LoginPageInput): string {
  const error = input.error
    ? `<p class="error" id="email-error" role="alert">${escapeHtml(input.error)}</p>`
    : '';
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return layout(
    PAGE_TITLE,
    `<h1>${escapeHtml(PAGE_TITLE)}</h1>
<p class="note">This stands in for the ${escapeHtml(input.platform)} sign-in while no real identity provider is
configured. Never use it on a public server.</p>
${error}
<form method="post" action="/idp/interaction/${encodeURIComponent(input.uid)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" autofocus
 value="${escapeHtml(input.email ?? '')}"${invalid}>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="200" value="${escapeHtml(input.name ?? '')}">
<div class="actions">
<button class="primary" type="submit" name="action" value="login">Sign in</button>
<button class="secondary" type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

export function messagePage(heading: string, message: string): string {
  return layout(heading, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
