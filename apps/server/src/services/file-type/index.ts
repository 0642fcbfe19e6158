/**
 * What Sinetti knows about file formats: whether the content's first bytes agree with the extension
 * (magic bytes), and which formats LibreOffice turns into a PDF rendition.
 */

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 4096;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsWith(head: Buffer, signature: Buffer | string): boolean {
  const sig = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : signature;
  return head.length >= sig.length && head.subarray(0, sig.length).equals(sig);
}

/**
 * ODF and EPUB files are ZIPs whose first entry is an uncompressed `mimetype` file naming the format.
 * When that entry is there it must name the expected type; a ZIP without it is accepted as a ZIP.
 */
function zipWithMimetype(expected: string): (head: Buffer) => boolean {
  return (head) => {
    if (!startsWith(head, ZIP)) return false;
    if (head.subarray(30, 38).toString('latin1') !== 'mimetype') return true;
    return head.subarray(38, 38 + expected.length).toString('latin1') === expected;
  };
}

const ole2 = (head: Buffer) => startsWith(head, OLE2);
const zip = (head: Buffer) => startsWith(head, ZIP);
/** Plain text (CSV may be UTF-8 or a legacy 8-bit encoding): no NUL bytes. */
const text = (head: Buffer) => !head.includes(0);

const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  pdf: (head) => head.subarray(0, 1024).includes('%PDF-'),
  rtf: (head) => startsWith(head, '{\\rtf'),
  doc: ole2,
  dot: ole2,
  xls: ole2,
  ppt: ole2,
  pps: ole2,
  pot: ole2,
  docx: zip,
  dotx: zip,
  xlsx: zip,
  pptx: zip,
  pptm: zip,
  ppsx: zip,
  ppsxm: zip,
  potx: zip,
  potm: zip,
  odt: zipWithMimetype('application/vnd.oasis.opendocument.text'),
  ods: zipWithMimetype('application/vnd.oasis.opendocument.spreadsheet'),
  odp: zipWithMimetype('application/vnd.oasis.opendocument.presentation'),
  epub: zipWithMimetype('application/epub+zip'),
  csv: text,
  txt: text,
  png: (head) => startsWith(head, PNG),
  jpg: (head) => startsWith(head, Buffer.from([0xff, 0xd8, 0xff])),
  jpeg: (head) => startsWith(head, Buffer.from([0xff, 0xd8, 0xff])),
  gif: (head) => startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a'),
  webp: (head) => startsWith(head, 'RIFF') && head.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Whether the extension is one whose content Sinetti can check. Others are stored as opaque files. */
export function isKnownFormat(extension: string): boolean {
  return extension in SIGNATURES;
}

/** Whether the first bytes of a file agree with its extension; unknown extensions always agree. */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  const check = SIGNATURES[extension];
  return check ? check(head) : true;
}

/** Office and text formats that LibreOffice converts to the PDF rendition. */
const CONVERTIBLE = new Set([
  'doc',
  'docx',
  'dot',
  'dotx',
  'rtf',
  'odt',
  'xls',
  'xlsx',
  'ods',
  'csv',
  'ppt',
  'pptx',
  'pptm',
  'pps',
  'ppsx',
  'ppsxm',
  'pot',
  'potx',
  'potm',
  'odp',
  'epub',
  'txt',
]);

export function needsConversion(extension: string): boolean {
  return CONVERTIBLE.has(extension);
}
