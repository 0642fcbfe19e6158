import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { makePdf, makeTestCa, pdfText, removeTempDirs } from './pdf-fixtures.ts';

const meta = { documentName: 'Kauppakirja – luonnos.pdf', documentId: '3f1c2a9e', lang: 'fi' as const };

describe('the version to be signed', () => {
  let ca: SigningCa;
  beforeAll(async () => {
    ca = await makeTestCa();
  });

  it('appends a signature page naming every signee, in Finnish or English, and returns its SHA-256', async () => {
    const original = await makePdf(3);
    const signees = [
      { name: 'Äijä Öhman-Åkerlund', email: 'aija@example.fi', level: 'Yksinkertainen' },
      { name: 'Zoë Łukasiewicz 李', email: 'zoe@example.com', level: 'Advanced' },
    ];
    const fi = await prepareForSigning(original, signees, meta);
    expect(fi.sha256).toBe(createHash('sha256').update(fi.pdf).digest('hex'));
    expect((await PDFDocument.load(fi.pdf)).getPageCount()).toBe(4);
    const text = await pdfText(fi.pdf);
    expect(text).toContain('Allekirjoitukset');
    expect(text).toContain('1. Äijä Öhman-Åkerlund <aija@example.fi>');
    expect(text).toContain('2. Zoë ?ukasiewicz ? <zoe@example.com>');
    expect(text).toContain('Taso: Yksinkertainen');
    expect(text).toContain(createHash('sha256').update(original).digest('hex'));

    const en = await prepareForSigning(original, signees, { ...meta, lang: 'en' });
    expect(await pdfText(en.pdf)).toContain('Signatures');
  });

  it('continues on more pages when there are many signees, and every box can be stamped', async () => {
    const signees = Array.from({ length: 12 }, (_, i) => ({
      name: `Signee ${i + 1}`,
      email: `s${i + 1}@example.com`,
      level: 'Simple',
    }));
    const { pdf } = await prepareForSigning(await makePdf(1), signees, { ...meta, lang: 'en' });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(3);
    expect(await pdfText(pdf)).toContain('Signatures (continued)');
    let signed = pdf;
    for (const slot of [11, 0, 6]) {
      signed = await addSignature(signed, {
        signer: signees[slot]!,
        method: 'Email code (simple)',
        signedAt: new Date(),
        stampSlot: slot,
        ca,
      });
    }
    const { signatures, output } = await verifyWithPdfsig(signed);
    expect(
      signatures.map((s) => s.validity),
      output,
    ).toEqual(['valid', 'valid', 'valid']);
    expect(signatures.map((s) => s.signedBy)).toEqual(['Signee 12', 'Signee 1', 'Signee 7']);
  });

  it('signs a 50-page document', async () => {
    const { pdf } = await prepareForSigning(
      await makePdf(50),
      [{ name: 'Liisa Väänänen', email: 'liisa@example.fi', level: 'Simple' }],
      meta,
    );
    const signed = await addSignature(pdf, {
      signer: { name: 'Liisa Väänänen', email: 'liisa@example.fi' },
      method: 'Sähköpostikoodi',
      signedAt: new Date(),
      stampSlot: 0,
      ca,
      lang: 'fi',
    });
    expect(signed.length - pdf.length).toBeLessThan(40_000);
    const { signatures, output } = await verifyWithPdfsig(signed);
    expect(signatures, output).toMatchObject([
      { validity: 'valid', coversWholeDocument: true, signedBy: 'Liisa Väänänen' },
    ]);
  });

  it('signs files whose cross-reference is a compressed stream, writing a stream section too', async () => {
    const compact = await makePdf(2, { objectStreams: true });
    expect(Buffer.from(compact).toString('latin1')).toContain('/Type /XRef');
    const once = await addPlatformSeal(compact, { ca });
    const twice = await addPlatformSeal(once, { ca });
    const update = Buffer.from(twice.subarray(once.length)).toString('latin1');
    expect(update).toMatch(/\/Type \/XRef/);
    expect(update).toMatch(/\/Prev \d+/);
    const { signatures, output } = await verifyWithPdfsig(twice);
    expect(
      signatures.map((s) => [s.validity, s.coversWholeDocument]),
      output,
    ).toEqual([
      ['valid', false],
      ['valid', true],
    ]);
    expect((await PDFDocument.load(twice)).getPageCount()).toBe(2);
  });
});

afterAll(removeTempDirs);
