import { describe, expect, it } from 'vitest';
import { bulkColumnsOf, bulkCsvHeader, csvLine, parseCsv } from './api/bulk-csv.ts';

describe('the bulk send CSV', () => {
  it('reads commas or semicolons, quotes, line breaks in quotes, CRLF, a BOM, and skips blank lines', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\r\n\r\n1,"two\nlines"\n')).toEqual({
      ok: true,
      rows: [
        ['a', 'b'],
        ['x, y', 'say "hi"'],
        ['1', 'two\nlines'],
      ],
    });
    expect(parseCsv('a;b,c;d\n1;2,5;3')).toEqual({
      ok: true,
      rows: [
        ['a', 'b,c', 'd'],
        ['1', '2,5', '3'],
      ],
    });
  });

  it('names the line of a quote that is never closed', () => {
    expect(parseCsv('a,b\n1,2\n3,"open\n')).toEqual({ ok: false, problem: 'unclosedQuote', line: 3 });
  });

  it('writes a header it reads back, in English and Finnish, whatever the case', () => {
    const en = bulkCsvHeader(['Tenant'], ['rent'], 'en');
    expect(en).toEqual(['Tenant email', 'Tenant first name', 'Tenant last name', 'rent', 'document name']);
    const fi = bulkCsvHeader(['Vuokralainen'], ['vuokra'], 'fi');
    expect(bulkColumnsOf(fi, ['Vuokralainen'], ['vuokra'])).toEqual([
      { kind: 'email', role: 'Vuokralainen' },
      { kind: 'givenName', role: 'Vuokralainen' },
      { kind: 'familyName', role: 'Vuokralainen' },
      { kind: 'field', name: 'vuokra' },
      { kind: 'name' },
    ]);
    expect(bulkColumnsOf([' TENANT  Email ', 'colour'], ['Tenant'], [])).toEqual([
      { kind: 'email', role: 'Tenant' },
      null,
    ]);
    expect(csvLine(['a', 'b,c', 'say "x"'])).toBe('a,"b,c","say ""x"""');
    expect(parseCsv(csvLine(['a', 'b,c', 'say "x"']))).toEqual({ ok: true, rows: [['a', 'b,c', 'say "x"']] });
  });
});
