import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import {
  buildCompletionCertificate,
  verifyWithPdfsig,
  type CompletionInput,
} from '../src/services/pdf/index.ts';
import { makeTestCa, pdfText, removeTempDirs } from './pdf-fixtures.ts';

const hashes = {
  original: 'a'.repeat(64),
  signedVersion: 'b'.repeat(64),
  final: 'c'.repeat(64),
};
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

function input(lang: 'en' | 'fi', signeeCount = 2): CompletionInput {
  return {
    documentName: 'Vuokrasopimus 2026.pdf',
    documentId: '5b0e8f0a-2d7c-4d63-9a53-0f2b8f3c1d11',
    lang,
    hashes,
    completedAt: new Date('2026-06-01T10:31:00Z'),
    signees: Array.from({ length: signeeCount }, (_, i) => ({
      name: i === 0 ? 'Matti Meikäläinen' : `Åsa Öberg ${i}`,
      email: `signee${i}@example.com`,
      level: 'Simple',
      events: [
        { type: 'sent', at: new Date('2026-06-01T08:00:00Z') },
        { type: 'viewed', at: new Date('2026-06-01T08:55:00Z'), ip: '192.0.2.10', userAgent },
        { type: 'signed', at: new Date('2026-06-01T09:00:00Z'), ip: '2001:db8::1', userAgent },
      ],
    })),
  };
}

describe('the certificate of completion', () => {
  let ca: SigningCa;
  beforeAll(async () => {
    ca = await makeTestCa();
  });

  it('lists the document, its hashes and every signee event, and is sealed by the platform', async () => {
    const { pdf, sha256 } = await buildCompletionCertificate({ ...input('en'), documentVersion: 3 }, { ca });
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const { signatures, output } = await verifyWithPdfsig(pdf);
    expect(signatures, output).toMatchObject([
      {
        validity: 'valid',
        coversWholeDocument: true,
        signedBy: 'Sinetti platform seal',
        subFilter: 'ETSI.CAdES.detached',
      },
    ]);
    const text = await pdfText(pdf);
    for (const expected of [
      'Certificate of completion',
      'Vuokrasopimus 2026.pdf',
      'Original file, version 3',
      '5b0e8f0a-2d7c-4d63-9a53-0f2b8f3c1d11',
      hashes.original,
      hashes.signedVersion,
      hashes.final,
      '1. Matti Meikäläinen <signee0@example.com>, Level: Simple',
      'Signed: 2026-06-01 12:00:00 UTC+03:00 (2026-06-01 09:00:00 UTC)',
      'IP address: 2001:db8::1',
      'Chrome/131.0.0.0',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is written in Finnish on request and flows onto more pages', async () => {
    const { pdf } = await buildCompletionCertificate({ ...input('fi', 14), documentVersion: 2 }, { ca });
    const text = await pdfText(pdf);
    expect(text).toContain('Alkuperäinen tiedosto, versio 2');
    expect(text).toContain('Todistus allekirjoituksista');
    expect(text).toContain('Allekirjoitettu: 1.6.2026 klo 12.00.00 (UTC+3) (2026-06-01 09:00:00 UTC)');
    expect(text).toContain('Avattu:');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
    expect((await verifyWithPdfsig(pdf)).signatures.map((s) => s.validity)).toEqual(['valid']);
  });
});

afterAll(removeTempDirs);
