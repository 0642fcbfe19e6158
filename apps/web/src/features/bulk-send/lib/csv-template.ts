import { bulkCsvHeader, csvLine, type Language } from '@sinetti/contract';

/**
 * The CSV template of a bulk send: the header for the template's roles and fields in the user's language
 * (the server reads English and Finnish headers alike), with a byte order mark so that spreadsheet
 * programs open it as UTF-8.
 */
export function csvTemplate(roles: readonly string[], fields: readonly string[], language: Language): Blob {
  const header = bulkCsvHeader(roles, fields, language);
  return new Blob([`\ufeff${csvLine(header)}\r\n`], { type: 'text/csv;charset=utf-8' });
}
