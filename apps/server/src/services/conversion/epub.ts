import fsp from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { ConversionFailedError } from './index.ts';

/** What an EPUB may unpack to before it is refused (a zip bomb, or not a book). */
export const EPUB_LIMITS = { entries: 5_000, bytes: 200 * 1024 * 1024 } as const;

const XHTML_TYPES = new Set(['application/xhtml+xml', 'text/html']);

/** The value of an attribute in one tag's text, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'is').exec(tag)?.[2];
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/** An entry name inside the book, or null when it would leave the folder it is unpacked into. */
function safeName(name: string): string | null {
  const normal = path.posix.normalize(name.replace(/\\/g, '/'));
  if (normal.startsWith('../') || normal === '..' || path.posix.isAbsolute(normal)) return null;
  return normal;
}

/** The body of one XHTML chapter, without scripts, frames or anything that would load from elsewhere. */
function chapterBody(xhtml: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(xhtml)?.[1] ?? '';
  return body
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<\/?(iframe|object|embed|link|meta|base)\b[^>]*>/gi, '')
    .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*')/gi, '');
}

/**
 * Turns an EPUB (which LibreOffice cannot open) into one HTML file that it can: the chapters in reading
 * order, each starting a new page, with the book's images unpacked beside it. Returns the HTML file's path.
 * A file that is not a readable EPUB fails with ConversionFailedError (no retry helps).
 */
export async function epubToHtml(
  epub: Buffer,
  dir: string,
  limits: { entries: number; bytes: number } = EPUB_LIMITS,
): Promise<string> {
  let entries = 0;
  let bytes = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(epub), {
      filter: (file) => {
        entries += 1;
        bytes += file.originalSize;
        if (entries > limits.entries || bytes > limits.bytes) {
          throw new ConversionFailedError('The EPUB unpacks to too many files or too many bytes.');
        }
        return safeName(file.name) !== null;
      },
    });
  } catch (err) {
    if (err instanceof ConversionFailedError) throw err;
    throw new ConversionFailedError(`The EPUB cannot be unpacked: ${(err as Error).message}`);
  }
  const text = (name: string) => {
    const data = files[name];
    return data ? strFromU8(data) : undefined;
  };
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
    if (id && href) {
      manifest.set(id, { href: decodeEntities(href), type: attribute(tag, 'media-type') ?? '' });
    }
  }
  const chapters: string[] = [];
  for (const [tag] of opf.matchAll(/<itemref\b[^>]*>/gi)) {
    const item = manifest.get(attribute(tag, 'idref') ?? '');
    if (!item || !XHTML_TYPES.has(item.type)) continue;
    const name = safeName(path.posix.join(base, item.href.split('#')[0] ?? ''));
    const xhtml = name ? text(name) : undefined;
    if (xhtml) chapters.push(chapterBody(xhtml));
  }
  if (chapters.length === 0) throw new ConversionFailedError('The EPUB has no readable chapters.');

  // Images and styles stay where the chapters point to them (relative to the package document).
  const root = path.join(dir, 'book');
  for (const [name, data] of Object.entries(files)) {
    const safe = safeName(name);
    if (!safe || /\.(x?html?|opf|ncx)$/i.test(safe) || name.endsWith('/')) continue;
    const target = path.join(root, safe);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, data);
  }
  const title = (/<dc:title\b[^>]*>([\s\S]*?)<\/dc:title>/i.exec(opf)?.[1] ?? 'Book')
    .replace(/[<>]/g, '')
    .trim();
  const html =
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>` +
    chapters.map((c, i) => `<div${i > 0 ? ' style="page-break-before: always"' : ''}>${c}</div>`).join('\n') +
    '</body></html>';
  const out = path.join(root, base, 'book.html');
  await fsp.mkdir(path.dirname(out), { recursive: true });
  await fsp.writeFile(out, html);
  return out;
}
