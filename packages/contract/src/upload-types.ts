import type { Platform } from './constants.ts';

/** Types a file can be uploaded as (SPEC §9), in the order the upload dialog offers them. */
export const UPLOAD_TYPES = ['contract-noedit', 'contract', 'template', 'file'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Default upload size limit; the server's UPLOAD_MAX_BYTES may change it. */
export const UPLOAD_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;

/**
 * Which extensions each upload type accepts, per platform (SPEC §5, plus ODT contracts and templates: issue
 * 13 item 6 makes them editable like DOC and RTF). `file` accepts any extension and is
 * not listed. The web app offers exactly these types; the server refuses anything else.
 */
export const UPLOAD_RULES: Record<Platform, Record<Exclude<UploadType, 'file'>, readonly string[]>> = {
  google: {
    contract: ['doc', 'docx', 'dot', 'dotx', 'odt', 'rtf', 'pdf'],
    template: ['doc', 'docx', 'dot', 'dotx', 'odt', 'rtf', 'pdf'],
    'contract-noedit': ['docx', 'rtf', 'pdf', 'epub', 'xlsx', 'ods', 'csv'],
  },
  microsoft: {
    contract: ['doc', 'docx', 'dot', 'odt', 'rtf'],
    template: ['doc', 'docx', 'dot', 'odt', 'rtf'],
    'contract-noedit': [
      'pdf',
      'csv',
      'doc',
      'docx',
      'odp',
      'ods',
      'odt',
      'pot',
      'potm',
      'potx',
      'pps',
      'ppsx',
      'ppsxm',
      'ppt',
      'pptm',
      'pptx',
      'rtf',
      'xls',
      'xlsx',
    ],
  },
};

/** Media types of the extensions Sinetti knows; anything else is stored as application/octet-stream. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  dot: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pps: 'application/vnd.ms-powerpoint',
  pot: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  ppsxm: 'application/vnd.ms-powerpoint.slideshow.macroEnabled.12',
  potx: 'application/vnd.openxmlformats-officedocument.presentationml.template',
  potm: 'application/vnd.ms-powerpoint.template.macroEnabled.12',
  epub: 'application/epub+zip',
  csv: 'text/csv',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const DEFAULT_MIME_TYPE = 'application/octet-stream';

/** The lower-case extension of a file name, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The file name without its extension (the upload dialog prefills the name with it). */
export function baseNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export function mimeTypeOf(extension: string): string {
  return MIME_TYPES[extension.toLowerCase()] ?? DEFAULT_MIME_TYPE;
}

export function isUploadAllowed(platform: Platform, type: UploadType, extension: string): boolean {
  if (type === 'file') return true;
  return UPLOAD_RULES[platform][type].includes(extension.toLowerCase());
}

/** The upload types offered for a file of this extension on this platform; `file` is always among them. */
export function uploadTypesFor(platform: Platform, extension: string): UploadType[] {
  return UPLOAD_TYPES.filter((type) => isUploadAllowed(platform, type, extension));
}
