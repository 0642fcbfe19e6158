// Shared by the pdf*.test.ts files: input PDFs, a signing CA in a temporary directory, a local RFC 3161
// time-stamping authority, and readers for what pdfsig does not show (the CMS inside /Contents).
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import {
  Attribute,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  PKIStatusInfo,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
  TSTInfo,
  TimeStampReq,
  TimeStampResp,
} from 'pkijs';
import { loadSigningCa, type SigningCa } from '../src/services/pdf/ca/ca.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  timestampUnitOf,
} from '../src/services/pdf/index.ts';
import { createCertificate } from '../src/services/pdf/ca/certificates.ts';
import { generateKeyPair } from '../src/services/pdf/ca/keys.ts';

/** A PDF of `pages` pages with some text (optionally compressed object streams, i.e. an xref stream). */
export async function makePdf(pages: number, opts: { objectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Contract page ${i} of ${pages}`, { x: 56, y: 780, size: 18, font });
    for (let line = 0; line < 30; line++) {
      page.drawText(`Clause ${i}.${line + 1}: the parties agree on the terms described here.`, {
        x: 56,
        y: 740 - line * 20,
        size: 10,
        font,
      });
    }
  }
  return doc.save({ useObjectStreams: opts.objectStreams ?? false });
}

/** The text of a PDF as poppler's pdftotext extracts it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await tempDir();
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdftotext', [
      '-enc',
      'UTF-8',
      path.join(dir, 'in.pdf'),
      '-',
    ]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const created: string[] = [];

export async function tempDir(prefix = 'sinetti-pdf-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes the temporary directories (CA files included) that this test file made. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A CA generated under a fresh temporary DATA_DIR/signing-ca. */
export async function makeTestCa(): Promise<SigningCa> {
  return loadSigningCa({ dir: path.join(await tempDir(), 'signing-ca'), name: 'sinetti.test' });
}

const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signedData: '1.2.840.113549.1.7.2',
};

/** A tiny RFC 3161 responder on 127.0.0.1: answers every request with a token signed by its own key. */
export async function startTsa(opts: { failWith?: number } = {}): Promise<{
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  const pair = await generateKeyPair('ec-p256', false);
  const key = { privateKey: pair.privateKey, algorithm: { name: 'ECDSA', hash: 'SHA-256' } as const };
  const now = new Date();
  const cert = await createCertificate({
    kind: 'signer',
    subject: { commonName: 'Test TSA' },
    publicKey: pair.publicKey,
    notBefore: new Date(now.getTime() - 3600_000),
    notAfter: new Date(now.getTime() + 3600_000),
    selfKey: key,
  });
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count++;
      if (opts.failWith) {
        res.writeHead(opts.failWith).end();
        return;
      }
      void respond(Buffer.concat(chunks)).then((body) =>
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body),
      );
    });
  });
  const respond = async (body: Buffer): Promise<Buffer> => {
    // A copy of its own (an ArrayBuffer, never shared), so the file also type-checks with the DOM's types (e2e).
    const request = TimeStampReq.fromBER(new Uint8Array(body));
    const info = new TSTInfo({
      version: 1,
      policy: '1.3.6.1.4.1.99999.1',
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ value: count }),
      genTime: new Date(),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const infoDer = info.toSchema().toBER();
    const signerInfo = new SignerInfo({
      version: 1,
      sid: new IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
      signedAttrs: new SignedAndUnsignedAttributes({
        type: 0,
        attributes: [
          new Attribute({
            type: OID.contentType,
            values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
          }),
          new Attribute({
            type: OID.messageDigest,
            values: [
              new asn1js.OctetString({
                valueHex: createHash('sha256').update(Buffer.from(infoDer)).digest(),
              }),
            ],
          }),
        ],
      }),
    });
    const signed = new SignedData({
      version: 3,
      encapContentInfo: new EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: infoDer }),
      }),
      signerInfos: [signerInfo],
      certificates: [cert],
    });
    await signed.sign(key.privateKey, 0, 'SHA-256');
    const response = new TimeStampResp({
      status: new PKIStatusInfo({ status: 0 }),
      timeStampToken: new ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }),
    });
    return Buffer.from(response.toSchema().toBER());
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every signature's /ByteRange, in file order. */
export function byteRanges(pdf: Uint8Array): [number, number, number, number][] {
  const text = Buffer.from(pdf).toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
    (m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number],
  );
}

/** The CMS SignedData of the n-th signature (its /Contents, trailing zero padding cut off). */
export function cmsOf(
  pdf: Uint8Array,
  n: number,
): { signed: SignedData; range: [number, number, number, number] } {
  const range = byteRanges(pdf)[n];
  if (!range) throw new Error(`No signature #${n}`);
  const hex = Buffer.from(pdf.subarray(range[1] + 1, range[2] - 1)).toString('latin1');
  const der = Buffer.from(hex, 'hex');
  const parsed = asn1js.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.length));
  const info = new ContentInfo({ schema: parsed.result });
  return { signed: new SignedData({ schema: info.content }), range };
}

/** SHA-256 over a /ByteRange of the file. */
export function digestOfRange(pdf: Uint8Array, [a, b, c, d]: [number, number, number, number]): Buffer {
  return createHash('sha256')
    .update(pdf.subarray(a, a + b))
    .update(pdf.subarray(c, c + d))
    .digest();
}

/** A CA (RSA-2048, "Example Test CA") exported by `openssl pkcs12 -export` (OpenSSL 3 defaults), password "testi-salasana". */
export const TEST_P12_PASSWORD = 'testi-salasana';
export const TEST_P12 = Buffer.from(
  'MIIKHwIBAzCCCdUGCSqGSIb3DQEHAaCCCcYEggnCMIIJvjCCBDIGCSqGSIb3DQEHBqCCBCMwggQfAgEAMIIEGAYJKoZIhvcNAQcB' +
    'MFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAieRs/uQb+KJgICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEIoD' +
    'DF62QtyAVX6UYTGLRnqAggOw1e1xqjZYJ/bOLpFhp/LXzL2KF7v7Pn+h+J+XrTTDJMyTSLOFyO1IkAamSpK1g9OpYB8qXpGJuiBc' +
    'IOEeMH0QauXQSdMUOHnoDt7jQRQ+oc2yxj6HbZwU3eRq8J+PCqUF/bnH3GTq7wZc5dnuuve4dpMuI28BEVniac5jErjpHECMd15j' +
    'sYjKDjAA+Ud/JhmQhkGZKvQQ9LVXNYhL6z49iH+Ca4V2VulDJ0O4rDAv5KDwsplr+XdRJ04sVVf6e1VxPLThatx/d+VyQGImzcG3' +
    'Oc1HQzP4HaFjxTFrLnsOOM/9Lf/4CDqx6aT6Ce88hqMns7m1EO+BUF5Q50lEEWrf6g1xhX5syAyQl3f8sg6OJDd78DhDwkX/9CDc' +
    '4HSYyENLWuSqBj1B5CHLfktaQsZfN9ccfjNkSRCOrY2rbH84nPJkuoKjDpNVs20Vk4uabXbEX07xMHmRzjykdLoRSV3tv9tt6M9k' +
    '3ixUsDpCQbKJgN6eueQ1CPuEWyvnaNL3MH1ekk3Q2d3kSZ1+ulBdDxpV/jB094QSk3d/QtiOlWo9+K682y6qwspmK2dncWcbdPoW' +
    'v7E7YjOxmZ8ykCohsW6bjCZsD476nIGkOieKet2142GRl8JLNKNIa9uzgkzh+Xo3iQN0M7118cP7m9GxMnyvgkBapm12DGQoA2AM' +
    'v/30ChcNvNg+9HrS+MP/nII/EDanx3tV4yioyo6IZXO4INL3EVz2jS5XBfJ/wO/vEvB/Pk+lBI4zykcwgPMoZzdZ7YknpRIITEf/' +
    'ELPvA8g2kgBfwxsJZGLG1+vP5cdJRtH9UjQ8A9/bvEbc+Q4Q6EVTL9RBufUrbalWXJeYp1RFHw3X9GVbRZ6SHR+nUbUkUGPSqpeB' +
    'haKSHdgko8xZKHOmJIIBp0mI3SIkD1yKsIXQ0QMvWssEm+tgctHtsg29IPBQNh0f7Eq9pSEXD1mPIMwb8Jhvrv59pSBml6n4PFxa' +
    '4aa+X8GU6EDwR5q2V56i29LxnwKdOTl4zWRbk7Hk8F+uYcPw7iC4ASuKLMWRkm94ogJ+U0+ox+f+tG4NSFgOkWt3oHoonYrLdnYM' +
    'dBdVCWkeumlbkeXydAn9v6fT9GmRqcReOggLk8oiec6gVdN9dsWRjuyJhjflba0h1NXqqNQqnL+hNnlnjOzmRvvGTfJnATQ5Zi3f' +
    'hsVBZY9sjkzN2qBKppiYjgVe2ApjxlvXhljnbkpUDigsizds/Z3ojcvJGVZT7OFs/mbfhTTDoyod0qVLALcwggWEBgkqhkiG9w0B' +
    'BwGgggV1BIIFcTCCBW0wggVpBgsqhkiG9w0BDAoBAqCCBTEwggUtMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAjIzRm8' +
    'iTXNrgICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEHdYOun8Zyczt9J7tupFyDoEggTQvsxcDZIYZKE2GRESvO56opBN' +
    'vJXQM9Yuezm3bjJVZCcRfINfzOs6s4H/L//QcX0wvQBs6zlG3serwUM1wQ0XZ66hOQoDvwBx6TvyboKlC4ombq7n8D/Lr7TpzhBz' +
    'tSTAg3YRLm2xXnCmApYyYApGBIwSIZaUmFO/GCsuEeFGoMgRGK0Y/16+NQZ+017g3vsivgmMKskDW9gersNBaz5iAm3wqIz4d7Ar' +
    '9VC2/Hi26Tw6MCJzOVzcexaSYtiFJN8yRgxJU2yqHqWe1J6pry2RRluemvYHGT94FUhNVGEZh8MvYlz1jvYLJnsvWvbA9dbIbZec' +
    'YyQx73DvsKnBkml4eTpsJuSjABL9s81r9IgUXmq+BPX5nShLaRDYAN6WaTtoKAbEU+zGzN7axs+rvUJnTIuqjI0Js3bJcDffrOVR' +
    'sPkfBV4kMJ61C5weMt5vXyzoYVdcDDov/SwzEM1MEP1W6tQdt+shVvGXDhtSfYYxwySgpcofv4heKJQeN7navwESwh34iOt+vJPN' +
    'pSqiueg31I5ZI9a9JOVpHatO7ON2B0hNpqBHWBhKJssPT72AyzAqLYBjCbEpce8bs2f7bekAN9v1hPQmISVdsy+ZDipYxqLK57FA' +
    'R/OtVCq2yjN2TSfkNrr0YzdYk6yODvdA6maX1oA/1aBmF78cWRk+vX4nGZD6Y+jDEsrcrMarkEgAGjpGUcHy/ER+oVkDS1UsuKiC' +
    'ppOtAwpk8+WRQ7VsjqUD5jJoG/Bh7zyet8y1LxdhX/uTaPI7FGXL5yOwTG20TV3sT48XqSexMK81xmILe6f4nLy7bTK3HknX2w5I' +
    '3mHTICQ/B5GKiuq8w9k4EwVT7yCn+m8FKvgk/R+nyGc9BNKVT2rAar+wY0vh1Y1COSQSgRfEbdf3D4W6Y1zYXVRn3gUaRPqZUwVY' +
    '565riavk1qwn2yjMsEhqlmUJwtEW8mkj0zIvuj7Bs72n/I++V2S3KQ+0p1hjPUQpi83EL1MHDqMzWZDCY94QU55i7hYNfzHpZGcY' +
    'M2sihR1YCgQTm/9YnW8q5Ou1ePsGzC1bX/fLP/HO+hvsywttLggWgvDJZqG1Tbj11dPjMZB5Bt1lIEIyw6PDAzr/h/JBJHMvnlsy' +
    'P7F33vRaK+lxhW71ZCHuCsc2LmJJjrPGXfJt+xhdwl8/jOEEhDmMkRR0opIwxwcyQVXh+/9dCZ4Jp0XFBvLYzotFaVlwXpHZ4ixK' +
    '+bqfz/c5klWJ9Xto62zFhFzzgJn9HhULEDDFg+8IgYmLZ/CUfA/3AYeKYqPwiZLABEiO2xNWFYz27jKn2dKI6qUDzvtxd3QGuhdd' +
    'ntO1iJW1msPK1nkFn2+0q+IOkI4L3lcrTQBOZLuLKnGWh8nt2K76FmyG5P12kXtfwZ91OZMZOPWIAw4ix3ShND001BTgrCbnbfpT' +
    '54XR9MTnvy4U1+QWVhvcfI4rpDXoMkOAvNQySS4cwL/4FQvOKXenJrXB8592WRzjDXnE9de3FI/DhqC3NxyR7dSHHqmAiS7Yk7rZ' +
    '0IIgM46UFPA0Pg3wHhN7zGY2KiCsReK9fdO9VJraYQPtFCyw9dt/ohwprGN6v9Jmb/tAsOQQ1SiuEo3HNx/Fw9qaoNKJtaLxtXKw' +
    'dQUMhSduvgO8QK4tGsoxJTAjBgkqhkiG9w0BCRUxFgQUiex0q0oFenbkL9kw0A17u+0EOPgwQTAxMA0GCWCGSAFlAwQCAQUABCDG' +
    'P5t8OelYKfL0f2xGn9Q6oYGc26FlKtY0Y5r9ey1sjwQIxeiSdfHSuMsCAggA' +
    '',
  'base64',
);

/**
 * A 1-page PDF as Sinetti finishes it: one signee's B-T signature (Anna Virtanen, e-mail code) and the
 * platform seal, time-stamped by the CA's own time-stamping unit.
 */
export async function sealedWithOneSignee(ca: SigningCa, documentId: string): Promise<Uint8Array> {
  const tsa = { unit: timestampUnitOf(ca) };
  const signer = { name: 'Anna Virtanen', email: 'anna@example.com' };
  let { pdf } = await prepareForSigning(await makePdf(1), [{ ...signer, level: 'Simple' as const }], {
    documentName: 'Sopimus.pdf',
    documentId,
    lang: 'en',
  });
  pdf = await addSignature(pdf, {
    signer,
    method: 'Email code (simple)',
    signedAt: new Date(),
    stampSlot: 0,
    ca,
    tsa,
  });
  return addPlatformSeal(pdf, { ca, tsa });
}
