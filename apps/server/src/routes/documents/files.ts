import type { DocumentRow } from '../../queries/documents/columns.ts';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The download name: the document's name with the file's extension. */
export function downloadName(row: DocumentRow, extension: string): string {
  if (!extension || row.name.toLowerCase().endsWith(`.${extension}`)) return row.name;
  return `${row.name}.${extension}`;
}
