import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ARCHIVE_LIMITS, readArchive, type ArchiveLimits } from './archive.ts';
import { ConversionFailedError } from './errors.ts';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * Formulas are never computed on the server (issue 10 item 5). LibreOffice recalculates volatile functions
 * (`INFO("osversion")`, `NOW()`, `RAND()`) whatever the recalculation settings say, so a spreadsheet could
 * print facts about the converting machine. Before conversion every formula is removed from the file and
 * its cells keep the values the file was saved with:
 * - SpreadsheetML (any part in the spreadsheetml namespace, wherever the package puts it, whatever the
 *   file's extension says: LibreOffice detects the type from the content): `<f>` elements are dropped,
 *   `<v>` stays; `fullCalcOnLoad` is turned off.
 * - ODF (any XML part, embedded objects included): the `*:formula` attribute of table cells is dropped;
 *   `office:value` and the cell's text stay.
 * A part that declares a DOCTYPE (entities could hide markup from this rewrite) is refused: OOXML and ODF
 * parts never have one.
 */

const SPREADSHEETML = Buffer.from('schemas.openxmlformats.org/spreadsheetml/2006/main');
const ODF_FORMULA = Buffer.from('formula');
const DOCTYPE = /<!DOCTYPE/i;

/** A formula element, empty or with text (its content is text only), with or without a prefix. */
const F_ELEMENT = /<([\w.-]+:)?f(?=[\s/>])[^>]*?(?:\/>|>[^<]*<\/\1?f\s*>)/g;
const F_LEFT = /<([\w.-]+:)?f[\s/>]/;
const FULL_CALC = /(<(?:[\w.-]+:)?calcPr\b[^>]*?\bfullCalcOnLoad\s*=\s*)(["'])[^"']*\2/g;
/** A table cell's start tag (ODF), where formula attributes live. */
const CELL_TAG = /<(?:[\w.-]+:)?(?:covered-)?table-cell\b[^>]*>/g;
const FORMULA_ATTR = /\s[\w.-]+:formula\s*=\s*(?:"[^"]*"|'[^']*')/g;

function refuseDoctype(name: string, xml: string): void {
  if (DOCTYPE.test(xml)) {
    throw new ConversionFailedError(`The archive cannot be read: ${name} declares a DOCTYPE`);
  }
}

/** The part without formulas, or null when it has none. */
function withoutFormulas(name: string, data: Buffer): Buffer | null {
  const spreadsheet = data.includes(SPREADSHEETML);
  if (!spreadsheet && !data.includes(ODF_FORMULA)) return null;
  const xml = data.toString('utf8');
  refuseDoctype(name, xml);
  let out = xml;
  if (spreadsheet) {
    out = out.replace(F_ELEMENT, '').replace(FULL_CALC, (_, start: string, q: string) => `${start}${q}0${q}`);
    if (F_LEFT.test(out)) {
      throw new ConversionFailedError(`The archive cannot be read: ${name} has a malformed formula`);
    }
  }
  out = out.replace(CELL_TAG, (tag) => tag.replace(FORMULA_ATTR, ''));
  return out === xml ? null : Buffer.from(out, 'utf8');
}

/**
 * Reads a ZIP container within `limits` (see readArchive) and answers it rewritten without formulas, or
 * null when it has none (the original is then converted as it is).
 */
export async function archiveWithoutFormulas(
  zip: Buffer,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<Buffer | null> {
  const entries = await readArchive(zip, limits, () => true);
  let changed = false;
  for (const [name, data] of entries) {
    if (!/\.xml$/i.test(name)) continue;
    const rewritten = withoutFormulas(name, data);
    if (rewritten) {
      entries.set(name, rewritten);
      changed = true;
    }
  }
  return changed ? writeZip(entries) : null;
}

/**
 * A ZIP file of `entries` in their order: `mimetype` (ODF wants it first and uncompressed) stored, the
 * rest deflated in libuv's thread pool.
 */
async function writeZip(entries: Map<string, Buffer>): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const stored = name === 'mimetype';
    const body = stored ? data : await deflateRaw(data, { level: 6 });
    const crc = zlib.crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed
    head.writeUInt16LE(0x0800, 6); // UTF-8 names
    head.writeUInt16LE(stored ? 0 : 8, 8);
    head.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(body.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    head.copy(central, 6, 4, 30); // version needed … name length
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += head.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.size, 8);
  end.writeUInt16LE(entries.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
