/** Server-rendered pages of the built-in provider: no script, styles from one stylesheet (strict CSP). */

export const STYLESHEET_PATH = '/idp/local-sign-in.css';

export const STYLESHEET = `
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
p.note { color: #6b4d00; background: #fff4d6; padding: 0.5rem 0.75rem; border-radius: 4px; }
p.error { color: #9b1c1c; background: #fde8e8; padding: 0.5rem 0.75rem; border-radius: 4px; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input { width: 100%; box-sizing: border-box; padding: 0.5rem; font-size: 1rem; border: 1px solid #9aa1ad;
  border-radius: 4px; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { padding: 0.5rem 1.25rem; font-size: 1rem; border-radius: 4px; border: 1px solid #1a56db; cursor: pointer; }
button.primary { background: #1a56db; color: #fff; }
button.secondary { background: #fff; color: #1a56db; }
`;

export const PAGE_TITLE = 'Sinetti local sign-in (development only — any e-mail is accepted)';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
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
