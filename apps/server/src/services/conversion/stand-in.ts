import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, PDFHexString, StandardFonts } from '@cantoo/pdf-lib';
import { strFromU8, strToU8, unzipSync, zipSync, type ZipOptions } from 'fflate';
import { ConversionFailedError, ConversionTooLargeError } from './errors.ts';
import type { DocumentConverter, TargetFormat } from './index.ts';
import { ProcessAbortedError } from './process.ts';

/** Bytes of the one archive entry the stand-in reads (its text); LibreOffice's own limits are archive.ts's. */
const ENTRY_LIMIT = 16 * 1024 * 1024;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[name] ?? whole;
  });
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Paragraphs of an XML part: `paragraph` closes one, tags are dropped, entities read. */
function xmlParagraphs(xml: string, paragraph: RegExp): string[] {
  return xml
    .replace(/<w:tab\/>|<text:tab\/>/g, '\t')
    .split(paragraph)
    .map((p) => unescapeXml(p.replace(/<[^>]*>/g, '')).trim())
    .filter(Boolean);
}

/** The text of a ZIP container: a DOCX's word/document.xml, an ODF file's content.xml; otherwise none. */
function archiveText(bytes: Uint8Array): string[] | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name !== 'word/document.xml' && f.name !== 'content.xml') return false;
        if (f.originalSize > ENTRY_LIMIT) throw new ConversionTooLargeError(`${f.name} is too large.`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ConversionTooLargeError) throw err;
    throw new ConversionFailedError(`The archive cannot be read: ${(err as Error).message}`);
  }
  const docx = files['word/document.xml'];
  if (docx) return xmlParagraphs(strFromU8(docx), /<\/w:p>/);
  const odf = files['content.xml'];
  if (odf) return xmlParagraphs(strFromU8(odf), /<\/text:(?:p|h)>/);
  return null;
}

/** What the stand-in shows of `input`: its text where that is cheap to read, otherwise its name. */
async function textOf(input: string): Promise<string[]> {
  const bytes = await fsp.readFile(input);
  const ext = path.extname(input).slice(1).toLowerCase();
  if (bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04') {
    return archiveText(bytes) ?? [path.basename(input)];
  }
  const text = bytes.toString('utf8');
  if (ext === 'txt' || ext === 'csv') return text.split(/\r?\n/).filter((l) => l.trim());
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') {
    const body = text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '');
    return xmlParagraphs(body, /<\/(?:p|h[1-6]|div|li|tr)>|<br\s*\/?>/i);
  }
  if (ext === 'rtf' && text.startsWith('{\\rtf')) {
    const plain = text
      .replace(/\{\\fonttbl[^}]*\}+/g, '')
      .replace(/\\u(-?\d+)\??/g, (_m, n: string) => String.fromCharCode((Number(n) + 65536) % 65536))
      .replace(/\\par\b ?/g, '\n')
      .replace(/\\[a-z]+-?\d* ?/gi, '')
      .replace(/[{}]/g, '');
    return plain.split('\n').filter((l) => l.trim());
  }
  return [path.basename(input)];
}

/** `text` with what Helvetica (WinAnsi) cannot show as `?`, so that the PDF is always written. */
function showable(text: string, charset: Set<number>): string {
  return [...text.replace(/\t/g, ' ')].map((ch) => (charset.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
}

/** A small, valid A4 PDF of `paragraphs` in Helvetica, wrapped and paged; its text reads back with pdftotext. */
async function textPdf(paragraphs: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer('Sinetti test converter');
  // Two conversions of the same text are two files, as LibreOffice's are (its /ID differs every time).
  const id = PDFHexString.of(randomBytes(16).toString('hex'));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const charset = new Set(font.getCharacterSet());
  const [width, height, margin, size, leading] = [595.28, 841.89, 56, 11, 15];
  let page = doc.addPage([width, height]);
  let y = height - margin;
  const line = (text: string) => {
    if (y < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
    }
    page.drawText(text, { x: margin, y, size, font });
    y -= leading;
  };
  for (const paragraph of paragraphs) {
    let current = '';
    for (const word of showable(paragraph, charset).split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width - 2 * margin) {
        line(current);
        current = word;
      } else current = next;
    }
    if (current) line(current);
    y -= leading / 2;
  }
  return doc.save();
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/**
 * A minimal DOCX (content types, package relationships, word/document.xml) whose body is `bodyXml`; the test
 * fixtures build theirs with it too.
 */
export function docxWithBody(bodyXml: string, options: ZipOptions = {}): Uint8Array {
  return zipSync(
    {
      '[Content_Types].xml': strToU8(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
      '_rels/.rels': strToU8(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
      'word/document.xml': strToU8(
        `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
          `<w:body>${bodyXml}</w:body></w:document>`,
      ),
    },
    options,
  );
}

/** A minimal DOCX whose paragraphs are `paragraphs` (one empty paragraph when there are none). */
function textDocx(paragraphs: string[]): Uint8Array {
  return docxWithBody(
    (paragraphs.length ? paragraphs : [''])
      .map((p) => (p ? `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>` : '<w:p/>'))
      .join(''),
  );
}

/**
 * The test converter (CONVERSION_ENGINE=test): a stand-in for LibreOffice in the API tests whose subject is
 * not conversion. A PDF holds the input's text (a DOCX's word/document.xml, an ODF file's content.xml, plain
 * text, HTML, RTF; any other file its name), so previews, search text and version comparisons work as
 * with LibreOffice; a DOCX holds the same paragraphs. It runs in-process in milliseconds where LibreOffice
 * takes a second or more (many at load). Never in production: the configuration refuses it there.
 */
export class StandInConverter implements DocumentConverter {
  async convert(
    input: string,
    format: TargetFormat,
    outDir: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<string> {
    if (opts.signal?.aborted) throw new ProcessAbortedError('The conversion was aborted');
    const paragraphs = await textOf(input);
    const bytes = format === 'pdf' ? await textPdf(paragraphs) : textDocx(paragraphs);
    await fsp.mkdir(outDir, { recursive: true });
    const output = path.join(outDir, `${path.parse(input).name}.${format}`);
    await fsp.writeFile(output, bytes);
    return output;
  }
}
