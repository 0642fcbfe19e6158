/**
 * The CSV of a bulk send (issue #33 item 4; docs/decisions.md "Bulk send"): one row per document made from
 * a template and sent. Pure string work, shared by the server (which parses and checks every upload) and
 * the web app (which offers the header as a CSV template to download).
 *
 * Columns, matched without regard to case or surrounding spaces, in any order:
 *   `<Role> email`, `<Role> first name`, `<Role> last name` for each signee role of the template (Finnish:
 *   `<Role> sähköposti`, `<Role> etunimi`, `<Role> sukunimi`); the e-mail column is required;
 *   one column per template field, by the field's name (`{{rent:number}}` → `rent`);
 *   optionally `document name` (`asiakirjan nimi`): the new document's name, else the template's name.
 */

/** Rows one bulk send may have. */
export const BULK_SEND_ROWS_MAX = 1000;
/** Characters one CSV may have (about 500 per row at the row limit). */
export const BULK_SEND_CSV_MAX = 512 * 1024;

/** What a column holds. */
export type BulkColumn =
  | { kind: 'email' | 'givenName' | 'familyName'; role: string }
  | { kind: 'field'; name: string }
  | { kind: 'name' };

const PERSON_SUFFIXES: Record<'en' | 'fi', Record<'email' | 'givenName' | 'familyName', string>> = {
  en: { email: 'email', givenName: 'first name', familyName: 'last name' },
  fi: { email: 'sähköposti', givenName: 'etunimi', familyName: 'sukunimi' },
};
const NAME_HEADERS = ['document name', 'asiakirjan nimi'];

const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi');

/** The header of the CSV template for these roles and fields (in `language`). */
export function bulkCsvHeader(roles: readonly string[], fields: readonly string[], language: 'en' | 'fi') {
  const s = PERSON_SUFFIXES[language];
  const people = roles.flatMap((r) => [`${r} ${s.email}`, `${r} ${s.givenName}`, `${r} ${s.familyName}`]);
  return [...people, ...fields, NAME_HEADERS[language === 'fi' ? 1 : 0] as string];
}

/** A CSV line of these cells (quoted where needed), as bulkCsvHeader's download writes it. */
export function csvLine(cells: readonly string[], separator = ','): string {
  return cells
    .map((c) => (/[",;\r\n]/.test(c) || c.trim() !== c ? `"${c.replace(/"/g, '""')}"` : c))
    .join(separator);
}

/** What each header cell names, for a template's roles and fields; null for a header it does not know. */
export function bulkColumnsOf(
  header: readonly string[],
  roles: readonly string[],
  fields: readonly string[],
): (BulkColumn | null)[] {
  const known = new Map<string, BulkColumn>();
  for (const role of roles) {
    for (const lang of ['en', 'fi'] as const) {
      for (const [kind, suffix] of Object.entries(PERSON_SUFFIXES[lang])) {
        known.set(key(`${role} ${suffix}`), { kind: kind as 'email', role });
      }
    }
  }
  for (const name of fields) if (!known.has(key(name))) known.set(key(name), { kind: 'field', name });
  for (const h of NAME_HEADERS) known.set(h, { kind: 'name' });
  return header.map((h) => known.get(key(h)) ?? null);
}

export type CsvParse = { ok: true; rows: string[][] } | { ok: false; problem: 'unclosedQuote'; line: number };

/**
 * RFC 4180 with what spreadsheets write: comma or semicolon (the one the first line has more of outside
 * quotes; Finnish Excel writes semicolons), quoted cells with "" for a quote and line breaks inside,
 * CRLF or LF, a UTF-8 byte order mark. Blank lines are skipped. One pass over the text: linear in its size.
 */
export function parseCsv(text: string): CsvParse {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = separatorOf(src);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0]?.trim() !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
    } else cell += ch;
  }
  if (quoted) return { ok: false, problem: 'unclosedQuote', line: quoteLine };
  if (cell !== '' || row.length > 0) endRow();
  return { ok: true, rows };
}

function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}
