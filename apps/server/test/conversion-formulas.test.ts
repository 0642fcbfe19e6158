import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { ConversionFailedError } from '../src/services/conversion/errors.ts';
import { archiveWithoutFormulas } from '../src/services/conversion/formulas.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { LIBREOFFICE, type TestUser } from './helper.ts';
import { makeOds, makeXlsx } from './fixtures/spreadsheets.ts';

/** Issue 10 item 5: nothing in a spreadsheet is computed on the server (INFO() printed the kernel). */
let t: DocumentsTestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp(LIBREOFFICE);
  user = await t.signUp();
});
afterAll(async () => t.close());

const XLSX_ROWS =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Plain4242</t></is></c><c r="B1"><v>4242</v></c></row>' +
  '<row r="2"><c r="A2" t="str"><f>INFO("system")</f><v>SavedSystem</v></c></row>' +
  '<row r="3"><c r="A3" t="str"><f>INFO("osversion")</f><v>SavedVersion</v></c></row>' +
  '<row r="4"><c r="A4"><f>2+3</f><v>777</v></c><c r="B4"><f t="shared" ref="B4:B5" si="0">A4*2</f><v>1554</v></c></row>' +
  '<row r="5"><c r="B5" t="str"><f t="shared" si="0"/><v>SavedShared</v></c></row>';

const cell = (formula: string, type: string, value: string) =>
  `<table:table-cell table:formula="${formula}" office:value-type="${type}" ` +
  `${type === 'string' ? `office:string-value="${value}"` : `office:value="${value}"`}><text:p>${value}</text:p></table:table-cell>`;
const ODS_ROWS =
  '<table:table-row><table:table-cell office:value-type="string"><text:p>Plain4242</text:p></table:table-cell></table:table-row>' +
  `<table:table-row>${cell('of:=INFO(&quot;system&quot;)', 'string', 'SavedSystem')}</table:table-row>` +
  `<table:table-row>${cell('of:=INFO(&quot;osversion&quot;)', 'string', 'SavedVersion')}</table:table-row>` +
  `<table:table-row>${cell('of:=2+3', 'float', '777')}</table:table-row>`;

/** Uploads, converts and answers the text of the PDF rendition (what pdftotext read from it). */
async function renditionText(extension: string, content: Buffer): Promise<string> {
  const res = await t.upload(user, {
    type: 'file',
    fileName: `sheet.${extension}`,
    content,
    name: extension,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().document.id;
  await t.app.jobs.drain();
  const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
  expect(row?.conversionStatus, row?.conversionError ?? '').toBe('done');
  return row?.contentText ?? '';
}

describe('spreadsheets are converted with the values they were saved with', () => {
  it.each([
    ['xlsx', () => makeXlsx(XLSX_ROWS)],
    ['ods', () => makeOds(ODS_ROWS)],
  ])(
    '%s: INFO() does not print the kernel; saved values render',
    async (extension, make) => {
      const text = await renditionText(extension, make());
      expect(text).not.toMatch(/linux/i);
      expect(text).toContain('Plain4242');
      expect(text).toContain('SavedSystem');
      expect(text).toContain('SavedVersion');
      expect(text).toContain('777');
      expect(text).not.toMatch(/\b5\b/);
    },
    90_000,
  );

  it('csv: a formula stays text', async () => {
    const text = await renditionText('csv', Buffer.from('Label;Value\nsys;=INFO("osversion")\nnum;4242\n'));
    expect(text).not.toMatch(/linux/i);
    expect(text).toContain('=INFO("osversion")');
    expect(text).toContain('4242');
  });
});

describe('archiveWithoutFormulas', () => {
  const part = (zip: Buffer, name: string) => Buffer.from(unzipSync(zip)[name] ?? []).toString('utf8');

  it('drops <f> elements and keeps <v>, turns off full calculation on load; ODS loses table:formula', async () => {
    const xlsx = (await archiveWithoutFormulas(makeXlsx(XLSX_ROWS))) ?? Buffer.alloc(0);
    const sheet = part(xlsx, 'xl/worksheets/sheet1.xml');
    expect(sheet).not.toMatch(/<f[\s/>]/);
    expect(sheet).toContain('<c r="A2" t="str"><v>SavedSystem</v></c>');
    expect(part(xlsx, 'xl/workbook.xml')).toContain('<calcPr fullCalcOnLoad="0"/>');
    const ods = (await archiveWithoutFormulas(makeOds(ODS_ROWS))) ?? Buffer.alloc(0);
    expect(ods.subarray(30, 38).toString()).toBe('mimetype');
    const content = part(ods, 'content.xml');
    expect(content).not.toContain('formula');
    expect(content).toContain('office:string-value="SavedSystem"');
  });

  it('answers null when there is nothing to remove', async () => {
    expect(await archiveWithoutFormulas(makeXlsx('<row r="1"><c r="A1"><v>1</v></c></row>', ''))).toBeNull();
  });

  it('refuses what could hide a formula from the rewrite: a DOCTYPE, markup inside <f>', async () => {
    const doctype = makeXlsx('<row r="1"><c r="A1"><f>1</f></c></row>', '<!DOCTYPE x [<!ENTITY f "">]>');
    await expect(archiveWithoutFormulas(doctype)).rejects.toBeInstanceOf(ConversionFailedError);
    const cdata = makeXlsx('<row r="1"><c r="A1"><f><![CDATA[INFO("system")]]></f></c></row>');
    await expect(archiveWithoutFormulas(cdata)).rejects.toBeInstanceOf(ConversionFailedError);
  });
});
