import { BASE_PAGE_CSS, escapeHtml, htmlPage } from '../../../lib/html.ts';
import { formatCardNumber, TEST_CARDS, type CardForm } from './cards.ts';
import { SANDBOX_PATH } from './provider.ts';

/** Server-rendered pages of the sandbox provider: no script (strict CSP), one stylesheet, TEST MODE everywhere. */

export const SANDBOX_STYLESHEET_PATH = `${SANDBOX_PATH}/sandbox.css`;

export const SANDBOX_STYLESHEET = `${BASE_PAGE_CSS}
.banner { background: #b42318; }
main { max-width: 28rem; }
.row { display: flex; gap: 1rem; } .row > div { flex: 1; }
table { margin-top: 1.5rem; font-size: 0.9rem; }
code { white-space: nowrap; }
`;

export const TEST_MODE_BANNER = 'TEST MODE — no real card is charged';

function layout(title: string, body: string): string {
  return htmlPage({
    title: `${title} (TEST MODE)`,
    body,
    stylesheetHref: SANDBOX_STYLESHEET_PATH,
    banner: TEST_MODE_BANNER,
  });
}

function testCardTable(): string {
  const rows = TEST_CARDS.map(
    (c) =>
      `<tr><td><code>${formatCardNumber(c.number)}</code></td><td>${escapeHtml(c.description)}</td></tr>`,
  ).join('\n');
  return `<table><caption>Test cards (any future expiry, any CVC)</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">What happens</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

export interface SetupPageInput {
  setupId: string;
  organizationName: string;
  values?: Partial<CardForm>;
  error?: { field: keyof CardForm; message: string };
}

function field(id: keyof CardForm, label: string, input: SetupPageInput, attrs: string): string {
  const invalid = input.error?.field === id ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const value = escapeHtml(input.values?.[id] ?? '');
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="text" value="${value}" ${attrs}${invalid}>`;
}

export function setupPage(input: SetupPageInput): string {
  const error = input.error
    ? `<p class="error" id="form-error" role="alert">${escapeHtml(input.error.message)}</p>`
    : '';
  return layout(
    'Save a card',
    `<h1>Save a card for ${escapeHtml(input.organizationName)}</h1>
<p>This is Sinetti's sandbox card provider. It accepts only the test cards below; never enter a real card.</p>
${error}
<form method="post" action="${SANDBOX_PATH}/setup/${encodeURIComponent(input.setupId)}" novalidate>
${field('number', 'Card number', input, 'inputmode="numeric" autocomplete="off" maxlength="23" placeholder="4242 4242 4242 4242" autofocus')}
<div class="row"><div>
${field('expiry', 'Expiry', input, 'autocomplete="off" maxlength="7" placeholder="MM/YY"')}
</div><div>
${field('cvc', 'CVC', input, 'inputmode="numeric" autocomplete="off" maxlength="4" placeholder="123"')}
</div></div>
<div class="actions">
<button class="primary" type="submit" name="action" value="save">Save card</button>
<button class="secondary" type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
${testCardTable()}`,
  );
}

export function confirmPage(setupId: string, last4: string): string {
  return layout(
    'Confirm the card',
    `<h1>Confirm the card ending ${escapeHtml(last4)}</h1>
<p>The test card 4000 0025 0000 3155 asks for an extra confirmation, as a bank's 3-D Secure step would.
Choose what the bank answers.</p>
<form method="post" action="${SANDBOX_PATH}/setup/${encodeURIComponent(setupId)}/confirm">
<div class="actions">
<button class="primary" type="submit" name="action" value="confirm">Confirm</button>
<button class="secondary" type="submit" name="action" value="fail">Fail</button>
</div>
</form>`,
  );
}

export function sandboxMessagePage(heading: string, message: string): string {
  return layout(heading, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
