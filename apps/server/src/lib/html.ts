/**
 * The small server-rendered pages (built-in sign-in, sandbox card page, development mailbox) and the
 * HTML e-mails share this: escaping, and one page shell with no scripts (the CSP allows none).
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Styles every such page shares; each adds its own after these. */
export const BASE_PAGE_CSS = `
body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
main { margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
.banner { color: #fff; font-weight: 700; text-align: center; padding: 0.75rem; letter-spacing: 0.03em; }
p.note { color: #6b4d00; background: #fff4d6; padding: 0.5rem 0.75rem; border-radius: 4px; }
p.error { color: #9b1c1c; background: #fde8e8; padding: 0.5rem 0.75rem; border-radius: 4px; }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input { width: 100%; box-sizing: border-box; padding: 0.5rem; font-size: 1rem; border: 1px solid #9aa1ad; border-radius: 4px; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { padding: 0.5rem 1.25rem; font-size: 1rem; border-radius: 4px; border: 1px solid #1a56db; cursor: pointer; }
button.primary { background: #1a56db; color: #fff; }
button.secondary { background: #fff; color: #1a56db; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.35rem 0.5rem; border-top: 1px solid #e3e5e8; vertical-align: top; }
a { color: #1a56db; }
`;

export interface HtmlPage {
  /** Plain text; escaped here. */
  title: string;
  /** Trusted HTML for the page body. */
  body: string;
  /** A stylesheet served by the module (preferred), or a <style> block. */
  stylesheetHref?: string;
  inlineStyle?: string;
  /** Plain text shown in a banner above the page (TEST MODE, development only). */
  banner?: string;
  /** The page's language (default English). */
  lang?: string;
}

export function htmlPage(page: HtmlPage): string {
  const style = page.stylesheetHref
    ? `<link rel="stylesheet" href="${escapeHtml(page.stylesheetHref)}">`
    : `<style>${page.inlineStyle ?? BASE_PAGE_CSS}</style>`;
  const banner = page.banner ? `<div class="banner" role="note">${escapeHtml(page.banner)}</div>\n` : '';
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
${style}
</head>
<body>
${banner}<main>
${page.body}
</main>
</body>
</html>
`;
}
