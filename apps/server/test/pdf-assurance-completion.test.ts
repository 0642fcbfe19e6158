// The certificate of completion names each signee's level, method and identification, and the evidence
// (ID token issuer, kid, token hash; the QTSP certificate for a qualified signature), in English and Finnish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import {
  buildCompletionCertificate,
  type CompletionInput,
} from '../src/services/pdf/completion-certificate.ts';
import { makeTestCa, pdfText, removeTempDirs } from './pdf-fixtures.ts';

const tokenHash = 'd'.repeat(64);
const signed = (at: string) => [{ type: 'signed', at: new Date(at), ip: '192.0.2.10' }];

function input(lang: 'en' | 'fi'): CompletionInput {
  return {
    documentName: 'Kauppakirja.pdf',
    documentId: '5b0e8f0a-2d7c-4d63-9a53-0f2b8f3c1d11',
    lang,
    hashes: { original: 'a'.repeat(64), signedVersion: 'b'.repeat(64), final: 'c'.repeat(64) },
    completedAt: new Date('2026-06-01T10:31:00Z'),
    signees: [
      {
        name: 'Liisa Virtanen',
        email: 'liisa@example.com',
        level: 'Simple',
        assurance: { level: 'simple', method: 'Email code' },
        events: signed('2026-06-01T09:00:00Z'),
      },
      {
        name: 'Anna A.',
        email: 'anna@example.com',
        level: 'Advanced',
        assurance: {
          level: 'advanced',
          method: 'FTN (FI)',
          identification: {
            provider: 'idp.example',
            verifiedName: 'Anna Aalto',
            enteredName: 'Anna A.',
            nameMatches: false,
            issuer: 'https://idp.example/oidc',
            kid: 'key-2026',
            idTokenSha256: tokenHash,
            test: true,
          },
        },
        events: signed('2026-06-01T09:05:00Z'),
      },
      {
        name: 'Matti Meikäläinen',
        email: 'matti@example.com',
        assurance: {
          level: 'qualified',
          method: 'Qualified signature (TEST QTSP)',
          identification: {
            provider: 'qtsp.example',
            verifiedName: 'Matti Meikäläinen',
            enteredName: 'Matti Meikäläinen',
            nameMatches: true,
            issuer: 'https://qtsp.example/csc/v2',
            kid: null,
            idTokenSha256: null,
            test: false,
          },
          qtspCertificate: {
            subject: 'CN=Matti Meikäläinen, C=FI',
            issuer: 'CN=Example Qualified CA, O=Example QTSP Oy',
          },
        },
        events: signed('2026-06-01T09:10:00Z'),
      },
      // A signee of a round sent before levels had assurance: the line is as before.
      {
        name: 'Old Signee',
        email: 'old@example.com',
        level: 'Simple',
        events: signed('2026-06-01T09:15:00Z'),
      },
    ],
  };
}

/** pdftotext's text with line breaks inside wrapped lines joined. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the certificate of completion with assurance levels', () => {
  let ca: SigningCa;
  beforeAll(async () => {
    ca = await makeTestCa();
  });
  afterAll(removeTempDirs);

  it('names the level, method, identification and evidence of each signee in English', async () => {
    const text = flat(await pdfText((await buildCompletionCertificate(input('en'), { ca })).pdf));
    for (const expected of [
      '1. Liisa Virtanen <liisa@example.com>, Level: Simple',
      'Method: Email code',
      '2. Anna A. <anna@example.com>, Level: Advanced',
      'Method: FTN (FI)',
      'Identified with FTN (FI) via idp.example: Anna Aalto (TEST: not a real identification)',
      'Name entered by the sender: Anna A.',
      'ID token issuer: https://idp.example/oidc · Key ID (kid): key-2026',
      `ID token SHA-256: ${tokenHash}`,
      '3. Matti Meikäläinen <matti@example.com>, Level: Qualified',
      'Identified with Qualified signature (TEST QTSP) via qtsp.example: Matti Meikäläinen',
      'Qualified certificate: CN=Matti Meikäläinen, C=FI',
      'Issued by: CN=Example Qualified CA, O=Example QTSP Oy',
      '4. Old Signee <old@example.com>, Level: Simple',
    ]) {
      expect(text).toContain(expected);
    }
    // The entered name is shown only when it differs from the verified one.
    expect(text).not.toContain('Name entered by the sender: Matti');
    expect(text.match(/Identified with/g)).toHaveLength(2);
  });

  it('is written in Finnish on request', async () => {
    const text = flat(await pdfText((await buildCompletionCertificate(input('fi'), { ca })).pdf));
    for (const expected of [
      '1. Liisa Virtanen <liisa@example.com>, Taso: Yksinkertainen',
      'Menetelmä: Email code',
      '2. Anna A. <anna@example.com>, Taso: Kehittynyt',
      'Tunnistettu: FTN (FI), palvelu idp.example: Anna Aalto (TESTI: ei oikea tunnistus)',
      'Lähettäjän antama nimi: Anna A.',
      'ID-tunnisteen myöntäjä: https://idp.example/oidc · Avaimen tunniste (kid): key-2026',
      `ID-tunnisteen SHA-256: ${tokenHash}`,
      '3. Matti Meikäläinen <matti@example.com>, Taso: Hyväksytty',
      'Hyväksytty varmenne: CN=Matti Meikäläinen, C=FI',
      'Myöntäjä: CN=Example Qualified CA, O=Example QTSP Oy',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
