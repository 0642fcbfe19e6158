import { escapeHtml } from '../../../lib/html.ts';
import type { Block, MailContent } from './content.ts';

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const P = 'margin:0 0 16px';

function block(b: Block, linkFallback: string): string {
  switch (b.kind) {
    case 'paragraph':
      return `<p style="${P}">${escapeHtml(b.text)}</p>`;
    case 'quote':
      return (
        `<p style="margin:0 0 4px">${escapeHtml(b.label)}</p>\n<blockquote style="margin:0 0 16px;` +
        `padding:8px 12px;border-left:3px solid #c5cad3;color:#3b4252">` +
        `${escapeHtml(b.text).replace(/\r?\n/g, '<br>')}</blockquote>`
      );
    case 'code':
      return (
        `<p style="${P};font-family:Consolas,Menlo,monospace;font-size:28px;font-weight:700;` +
        `letter-spacing:6px">${escapeHtml(b.text)}</p>`
      );
    case 'action': {
      const href = escapeHtml(b.url);
      return (
        `<p style="margin:8px 0 16px"><a href="${href}" style="display:inline-block;background:#1a56db;` +
        `color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">` +
        `${escapeHtml(b.label)}</a></p>\n<p style="${P};font-size:13px;color:#5b6472">` +
        `${escapeHtml(linkFallback)}<br><a href="${href}" style="color:#1a56db;word-break:break-all">` +
        `${href}</a></p>`
      );
    }
    case 'link':
      return `<p style="${P}"><a href="${escapeHtml(b.url)}" style="color:#1a56db">${escapeHtml(b.label)}</a></p>`;
  }
}

/** The HTML part: one column, inline styles only (mail programs drop style sheets), every text escaped. */
export function renderHtml(content: MailContent): string {
  const body = content.blocks.map((b) => block(b, content.linkFallback)).join('\n');
  return `<!doctype html>
<html lang="${content.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px 32px;${FONT};font-size:16px;line-height:1.5;color:#1d2330">
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:#1a56db">Sinetti</p>
${body}
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;${FONT};font-size:12px;line-height:1.5;color:#6b7280">${escapeHtml(content.footer)}</p>
</td></tr>
</table>
</body>
</html>
`;
}
