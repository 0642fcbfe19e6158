import fsp from 'node:fs/promises';
import path from 'node:path';
import { ARCHIVE_LIMITS, readArchive, type ArchiveLimits } from './archive.ts';
import { ConversionFailedError } from './errors.ts';
import { sanitizeChapter } from './sanitize-html.ts';

const XHTML_TYPES = new Set(['application/xhtml+xml', 'text/html']);
const IMAGE = /\.(png|jpe?g|gif|bmp|webp)$/i;
const CHAPTER_MAX_CHARS = 16 * 1024 * 1024;

/** The value of an attribute in one tag's text of the package document, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'is').exec(tag)?.[2];
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An entry name inside the book, or null when it would leave the folder it is unpacked into. */
function safeName(name: string): string | null {
  const normal = path.posix.normalize(name.replace(/\\/g, '/'));
  if (normal.startsWith('../') || normal === '..' || path.posix.isAbsolute(normal)) return null;
  return normal;
}

/**
 * Turns an EPUB (which LibreOffice cannot open) into one HTML file that it can: the chapters in reading
 * order, each starting a new page, sanitized (sanitize-html.ts), with the book's raster images unpacked
 * beside it and nothing else. Returns the HTML file's path. The archive is read within `limits`
 * (ConversionTooLargeError past them); a file that is not a readable EPUB fails with ConversionFailedError.
 */
export async function epubToHtml(
  epub: Buffer,
  dir: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<string> {
  const files = new Map<string, Buffer>();
  for (const [name, data] of await readArchive(epub, limits, (name) => safeName(name) !== null)) {
    const safe = safeName(name);
    if (safe && !files.has(safe)) files.set(safe, data);
  }
  const text = (name: string) => files.get(name)?.toString('utf8');
  const container = text('META-INF/container.xml');
  const opfName = container && /<rootfile\b[^>]*>/i.exec(container)?.[0];
  const opfPath = opfName ? safeName(decodeEntities(attribute(opfName, 'full-path') ?? '')) : null;
  const opf = opfPath ? text(opfPath) : undefined;
  if (!opfPath || !opf) throw new ConversionFailedError('The EPUB has no package document.');
  const base = path.posix.dirname(opfPath);

  const manifest = new Map<string, { href: string; type: string }>();
  for (const [tag] of opf.matchAll(/<item\b[^>]*>/gi)) {
    const id = attribute(tag, 'id');
    const href = attribute(tag, 'href');
    if (id && href)
      manifest.set(id, { href: decodeEntities(href), type: attribute(tag, 'media-type') ?? '' });
  }
  const images = new Set<string>();
  const chapters: string[] = [];
  for (const [tag] of opf.matchAll(/<itemref\b[^>]*>/gi)) {
    const item = manifest.get(attribute(tag, 'idref') ?? '');
    if (!item || !XHTML_TYPES.has(item.type)) continue;
    const name = safeName(path.posix.join(base, item.href.split('#')[0] ?? ''));
    const xhtml = name ? text(name) : undefined;
    if (!name || !xhtml) continue;
    const has = (entry: string) => {
      const ok = IMAGE.test(entry) && files.has(entry);
      if (ok) images.add(entry);
      return ok;
    };
    chapters.push(sanitizeChapter(xhtml.slice(0, CHAPTER_MAX_CHARS), { chapter: name, has }));
  }
  if (chapters.length === 0) throw new ConversionFailedError('The EPUB has no readable chapters.');

  // Only the raster images the chapters use, at their place in the book; the HTML file at its root.
  const root = path.join(dir, 'book');
  for (const entry of images) {
    const target = path.join(root, entry);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, files.get(entry) ?? Buffer.alloc(0));
  }
  const rawTitle = /<dc:title\b[^>]*>([\s\S]*?)<\/dc:title>/i.exec(opf)?.[1] ?? 'Book';
  const title = escapeText(decodeEntities(rawTitle.replace(/<[^>]*>/g, '')).trim()).slice(0, 500);
  const html =
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>` +
    chapters.map((c, i) => `<div${i > 0 ? ' style="page-break-before: always"' : ''}>${c}</div>`).join('\n') +
    '</body></html>';
  const out = path.join(root, 'book.html');
  await fsp.mkdir(root, { recursive: true });
  await fsp.writeFile(out, html);
  return out;
}
