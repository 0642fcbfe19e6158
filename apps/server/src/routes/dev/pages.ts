import type { StoredMail } from '../../services/mail/index.ts';
import { BASE_PAGE_CSS, escapeHtml, htmlPage } from '../../lib/html.ts';

/** Server-rendered pages of the development mailbox: no script (strict CSP), one inline style sheet. */

export const DEV_MAILBOX_NOTE = 'Development mailbox — messages are not sent';

const STYLE = `${BASE_PAGE_CSS}
.banner { background: #8a4b00; }
main { max-width: 60rem; margin-top: 1.5rem; padding: 1.5rem 2rem; }
h1 { margin-bottom: 1rem; } h2 { font-size: 1rem; margin: 1.5rem 0 0.5rem; }
table { font-size: 0.95rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dt { font-weight: 600; } dd { margin: 0; }
pre { white-space: pre-wrap; word-break: break-word; background: #f8f9fb; padding: 1rem; border-radius: 4px; }
iframe { width: 100%; height: 36rem; border: 1px solid #e3e5e8; border-radius: 4px; }
`;

const helsinki = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

export function helsinkiTime(iso: string): string {
  return `${helsinki.format(new Date(iso))} (Helsinki)`;
}

function layout(title: string, body: string): string {
  return htmlPage({
    title: `${title} · ${DEV_MAILBOX_NOTE}`,
    body,
    inlineStyle: STYLE,
    banner: DEV_MAILBOX_NOTE,
  });
}

const recipient = (m: StoredMail) => (m.toName ? `${m.toName} <${m.to}>` : m.to);

export function mailboxPage(mails: StoredMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(helsinkiTime(m.createdAt))}</td><td>${escapeHtml(recipient(m))}</td>` +
        `<td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('\n');
  const list = mails.length
    ? `<table>
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
    : '<p>No messages yet.</p>';
  return layout(
    'Mailbox',
    `<h1>Mailbox</h1>\n<p>Newest first. Nothing here reached a real inbox.</p>\n${list}`,
  );
}

/** The plain text, escaped, with every http(s) address made a link. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = match[0];
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

export function messagePage(m: StoredMail): string {
  const base = `/dev/mail/${m.id}`;
  return layout(
    m.subject,
    `<p><a href="/dev/mail">← All messages</a></p>
<h1>${escapeHtml(m.subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(recipient(m))}</dd>
<dt>Time</dt><dd>${escapeHtml(helsinkiTime(m.createdAt))}</dd>
<dt>Template</dt><dd>${escapeHtml(`${m.template} (${m.lang})`)}</dd>
<dt>Download</dt><dd><a href="${base}/message.html">HTML part</a> · <a href="${base}/message.eml">Raw message (.eml)</a></dd>
</dl>
<h2>Plain-text part</h2>
<pre>${linkify(m.text)}</pre>
<h2>HTML part</h2>
<iframe title="HTML part" src="${base}/preview" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"></iframe>`,
  );
}

/** The HTML part for the sandboxed frame: its links open in the whole window, not inside the frame. */
export function previewDocument(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : base + html;
}
