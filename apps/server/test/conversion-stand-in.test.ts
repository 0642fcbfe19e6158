import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { Converter, converterFor } from '../src/services/conversion/index.ts';
import { ProcessAbortedError } from '../src/services/conversion/process.ts';
import { StandInConverter } from '../src/services/conversion/stand-in.ts';
import { extractPdfText } from '../src/services/text/index.ts';
import { makeDocx, makeOdt, makeRtf } from './fixtures/office.ts';

// The API tests' stand-in for LibreOffice (CONVERSION_ENGINE=test): what it writes, and that production refuses it.
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', CONVERSION_ENGINE: 'test' });
let tmp: string;
beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-stand-in-test-'));
});
afterAll(async () => fsp.rm(tmp, { recursive: true, force: true }));

async function convert(fileName: string, content: Buffer | string, format: 'pdf' | 'docx' = 'pdf') {
  const input = path.join(tmp, fileName);
  await fsp.writeFile(input, content);
  return converterFor(config.conversion).convert(input, format, path.join(tmp, `out-${fileName}`));
}
const textOf = (pdf: string) => extractPdfText(pdf, config.conversion);

describe('the test converter (CONVERSION_ENGINE=test)', () => {
  it('is what the configuration picks, and never in production', () => {
    expect(converterFor(config.conversion).engine).toBeInstanceOf(StandInConverter);
    const real = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
    expect(real.conversion.engine).toBe('libreoffice');
    expect(converterFor(real.conversion).engine).toBeInstanceOf(Converter);
    expect(real.conversion).toMatchObject({ slots: 'auto', perOrganization: 1 });
    expect(loadConfig({ NODE_ENV: 'test', CONVERSION_SLOTS: '3' }).conversion.slots).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test', CONVERSION_CONCURRENCY: '2' }).conversion.slots).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', CONVERSION_SLOTS: 'many' })).toThrow(/CONVERSION_SLOTS/);
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtps://u:p@smtp.example.fi:465',
      PAYMENT_PROVIDER: 'off',
    };
    expect(loadConfig(production).conversion.engine).toBe('libreoffice');
    expect(() => loadConfig({ ...production, CONVERSION_ENGINE: 'test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, CONVERSION_ENGINE: 'test' })).toThrow(/CONVERSION_ENGINE/);
    expect(() => loadConfig({ NODE_ENV: 'test', CONVERSION_ENGINE: 'fake' })).toThrow(/CONVERSION_ENGINE/);
  });

  it('writes a PDF of a DOCX, ODT or RTF text that pdftotext reads back, Finnish letters included', async () => {
    const docx = makeDocx(
      '<w:p><w:r><w:t>Vuokrasopimus</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t xml:space="preserve">Äijälä &amp; Öhman, </w:t></w:r><w:r><w:t>3 200 €</w:t></w:r></w:p>',
    );
    const pdf = await convert('lease.docx', docx);
    expect((await fsp.readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(path.basename(pdf)).toBe('lease.pdf');
    expect(await textOf(pdf)).toBe('Vuokrasopimus\nÄijälä & Öhman, 3 200 €');
    expect(await textOf(await convert('notes.odt', makeOdt(['Muistio', 'Wombatberry'])))).toBe(
      'Muistio\nWombatberry',
    );
    expect(await textOf(await convert('terms.rtf', makeRtf(['Terms', 'Koalafig'])))).toBe('Terms\nKoalafig');
    expect(await textOf(await convert('offer.html', '<h1>Offer</h1><p>Rent &lt;950&gt;</p>'))).toBe(
      'Offer\nRent <950>',
    );
  });

  it('wraps long text onto further pages, shows what Helvetica cannot as ?, and names other files', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const text = await textOf(await convert('long.txt', `${long}\nКиев\n`.repeat(4)));
    expect(text.split(/\s+/)).toEqual(expect.arrayContaining(['word0', 'word399', '????']));
    expect(await textOf(await convert('sheet.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))).toBe('sheet.xls');
  });

  it('writes a DOCX of the same paragraphs, and an empty one for "New document"', async () => {
    const read = async (file: string) =>
      strFromU8(unzipSync(await fsp.readFile(file))['word/document.xml'] as Uint8Array);
    const xml = await read(
      await convert('letter.odt', makeOdt(['Hei &lt;Matti&gt; &amp; Liisa', 'Kiitos']), 'docx'),
    );
    expect(xml).toContain('<w:t xml:space="preserve">Hei &lt;Matti&gt; &amp; Liisa</w:t>');
    expect(xml).toContain('<w:t xml:space="preserve">Kiitos</w:t>');
    expect(await read(await convert('blank.txt', '', 'docx'))).toContain('<w:body><w:p/></w:body>');
  });

  it('stops an aborted job, and gives two conversions of one text apart as LibreOffice does', async () => {
    const input = path.join(tmp, 'same.txt');
    await fsp.writeFile(input, 'Same text');
    const signal = AbortSignal.abort();
    const stand = new StandInConverter();
    await expect(stand.convert(input, 'pdf', path.join(tmp, 'aborted'), { signal })).rejects.toBeInstanceOf(
      ProcessAbortedError,
    );
    const a = await fsp.readFile(await stand.convert(input, 'pdf', path.join(tmp, 'a')));
    const b = await fsp.readFile(await stand.convert(input, 'pdf', path.join(tmp, 'b')));
    expect(a.equals(b)).toBe(false);
  });
});
