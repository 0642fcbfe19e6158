import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements kept (with their allowed attributes); anything else is unwrapped or, if in DROP, removed whole. */
const KEEP = new Set([
  'a', 'abbr', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p',
  'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'span', 'strong', 'sub', 'sup', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var', 'wbr',
]); // prettier-ignore

/** Removed with everything inside: active content, embedded documents, styles, forms, media. */
const DROP = new Set([
  'script', 'style', 'noscript', 'template', 'iframe', 'frame', 'frameset', 'noframes', 'object', 'embed',
  'applet', 'param', 'svg', 'math', 'link', 'meta', 'base', 'head', 'title', 'form', 'input', 'button',
  'select', 'option', 'textarea', 'audio', 'video', 'source', 'track', 'canvas', 'picture', 'map', 'area',
  'portal', 'xmp', 'plaintext', 'listing', 'noembed', 'dialog', 'slot',
]); // prettier-ignore

const VOID = new Set(['br', 'col', 'hr', 'img', 'wbr']);

/** Attributes kept on any kept element (none of them can load or run anything). */
const GLOBAL_ATTRIBUTES = new Set(['lang', 'dir', 'title']);
const ELEMENT_ATTRIBUTES: Record<string, Set<string>> = {
  img: new Set(['alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'align', 'valign']),
  th: new Set(['colspan', 'rowspan', 'align', 'valign', 'scope']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span', 'width']),
  ol: new Set(['start', 'reversed', 'type']),
  li: new Set(['value']),
  table: new Set(['border', 'cellpadding', 'cellspacing', 'width']),
  p: new Set(['align']),
  div: new Set(['align']),
  time: new Set(['datetime']),
};

/** Raster images LibreOffice draws itself (no SVG: an SVG image is a document that can point elsewhere). */
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|bmp|webp)$/i;

export interface ChapterContext {
  /** The chapter's own path inside the book (posix, e.g. "OEBPS/text/c1.xhtml"). */
  chapter: string;
  /** Whether the book holds this entry (posix path inside the book). */
  has(entry: string): boolean;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/**
 * The book entry a chapter's image reference points to, or null: only a relative reference (no scheme, no
 * leading slash or backslash, no query) to a raster image that exists inside the book.
 */
export function bookImage(src: string, ctx: ChapterContext): string | null {
  const ref = src.trim();
  if (ref === '' || /^[a-z][a-z0-9+.-]*:/i.test(ref) || /^[/\\]/.test(ref) || /[?\\]/.test(ref)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(ref)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(ref.split('#')[0] ?? '');
  } catch {
    return null;
  }
  const entry = path.posix.normalize(path.posix.join(path.posix.dirname(ctx.chapter), decoded));
  if (entry.startsWith('../') || entry === '..' || path.posix.isAbsolute(entry)) return null;
  if (!IMAGE_EXTENSIONS.test(entry) || !ctx.has(entry)) return null;
  return entry;
}

/** A reference to a book entry from the joined HTML file, which sits at the root of the unpacked book. */
const hrefOf = (entry: string) => entry.split('/').map(encodeURIComponent).join('/');

function attributesOf(el: Element, ctx: ChapterContext): string | null {
  const allowed = ELEMENT_ATTRIBUTES[el.tagName];
  let out = '';
  for (const attr of el.attrs) {
    if (attr.namespace) continue;
    const name = attr.name.toLowerCase();
    if (GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name)) out += ` ${name}="${escapeAttribute(attr.value)}"`;
  }
  if (el.tagName === 'img') {
    const src = el.attrs.find((a) => a.name === 'src' && !a.namespace)?.value ?? '';
    const entry = bookImage(src, ctx);
    if (!entry) return null;
    out += ` src="${escapeAttribute(hrefOf(entry))}"`;
  }
  if (el.tagName === 'a') {
    // Links only within the page: a PDF gains nothing from outside ones, and they must not be followed.
    const href = el.attrs.find((a) => a.name === 'href' && !a.namespace)?.value ?? '';
    if (/^#[\w.:-]+$/.test(href)) out += ` href="${escapeAttribute(href)}"`;
  }
  const id = el.attrs.find((a) => a.name === 'id' && !a.namespace)?.value;
  if (id && /^[\w.:-]+$/.test(id)) out += ` id="${id}"`;
  return out;
}

function serialize(nodes: Node[], ctx: ChapterContext, depth: number): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeName === '#text') {
      out += escapeText((node as DefaultTreeAdapterMap['textNode']).value);
      continue;
    }
    if (!('tagName' in node)) continue; // comments, doctypes
    const el = node as Element;
    // Only plain HTML elements: anything from the SVG or MathML namespaces goes (with its content).
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROP.has(el.tagName)) continue;
    const children = el.tagName === 'template' ? [] : el.childNodes;
    const inner = depth > 200 ? '' : serialize(children, ctx, depth + 1);
    if (!KEEP.has(el.tagName)) {
      out += inner; // unknown or presentational wrapper (font, center-like, custom): keep its text
      continue;
    }
    const attributes = attributesOf(el, ctx);
    if (attributes === null) continue;
    out += VOID.has(el.tagName)
      ? `<${el.tagName}${attributes}>`
      : `<${el.tagName}${attributes}>${inner}</${el.tagName}>`;
  }
  return out;
}

/**
 * The body of one EPUB chapter as safe HTML, by an allowlist applied to a real HTML parse: known text and
 * table elements with harmless attributes; images only by relative reference to a raster image inside the
 * book (rewritten to its path from the book's root); no scripts, styles (so no CSS url() or @import), event
 * handlers, frames, objects, forms, SVG or MathML, and no reference with a scheme (file:, http:, data:...).
 */
export function sanitizeChapter(xhtml: string, ctx: ChapterContext): string {
  const doc = parse(xhtml);
  const html = doc.childNodes.find((n): n is Element => n.nodeName === 'html');
  const body = html?.childNodes.find((n): n is Element => n.nodeName === 'body');
  return body ? serialize(body.childNodes, ctx, 0) : '';
}
