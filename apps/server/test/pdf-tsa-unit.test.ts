// The instance's own time-stamping unit and published CA files (issue 11 items 1 and 2): every signature and
// the seal carry an RFC 3161 token without an outside authority, and OpenSSL accepts tokens, CRL and certificates.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningCa, type SigningCa } from '../src/services/pdf/ca/ca.ts';
import { certificateDer } from '../src/services/pdf/ca/certificates.ts';
import {
  issueOneTimeIdentity,
  loadInstanceIdentity,
  TSA_IDENTITY,
} from '../src/services/pdf/ca/identities.ts';
import { pem } from '../src/services/pdf/ca/keys.ts';
import {
  addPlatformSeal,
  addSignature,
  currentCrl,
  prepareForSigning,
  signingCaFromConfig,
  timestampUnitOf,
  TimestampRequestError,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { extractSignature, extractSignatureToken, tool, verifyToken } from './pdf-openssl.ts';
import { makePdf, removeTempDirs, tempDir } from './pdf-fixtures.ts';

const PUBLIC_URL = 'https://sign.example.fi';
let ca: SigningCa;
let dir: string;
let caPem: string;

beforeAll(async () => {
  ca = await loadSigningCa({ dir: null, name: 'sign.example.fi', publicUrl: PUBLIC_URL });
  dir = await tempDir();
  caPem = path.join(dir, 'ca.pem');
  await writeFile(caPem, pem.encode(ca.der, 'CERTIFICATE'));
});
afterAll(removeTempDirs);

async function x509Text(der: Uint8Array, name: string): Promise<string> {
  const file = path.join(dir, `${name}.der`);
  await writeFile(file, der);
  return tool('openssl', ['x509', '-inform', 'DER', '-in', file, '-noout', '-text']);
}

/** An RFC 3161 query made by OpenSSL (SHA-256, nonce, certReq) over the bytes of `data`. */
async function openSslQuery(data: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.tsq`);
  await writeFile(path.join(dir, `${name}.data`), data);
  await tool('openssl', [
    'ts',
    '-query',
    '-data',
    path.join(dir, `${name}.data`),
    '-sha256',
    '-cert',
    '-out',
    file,
  ]);
  return file;
}

describe('the certificates the CA issues', () => {
  it('make the time-stamping unit a critical timeStamping-only key, and name the CRL and CA certificate', async () => {
    const tsa = await loadInstanceIdentity(ca, TSA_IDENTITY);
    const text = await x509Text(tsa.der, 'tsa');
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature/);
    expect(text).toContain(`URI:${PUBLIC_URL}/api/pki/ca.crl`);
    expect(text).toContain(`CA Issuers - URI:${PUBLIC_URL}/api/pki/ca.crt`);
    const tsaFile = path.join(dir, 'tsa.pem');
    await writeFile(tsaFile, pem.encode(tsa.der, 'CERTIFICATE'));
    expect(
      await tool('openssl', ['verify', '-CAfile', caPem, '-purpose', 'timestampsign', tsaFile]),
    ).toContain(': OK');
  });

  it('give one-time signee certificates ten years, the CRL and CA links, and document signing usage only', async () => {
    const signedAt = new Date('2026-06-01T09:00:00Z');
    const id = await issueOneTimeIdentity(ca, { name: 'Aino', email: 'aino@example.fi' }, signedAt);
    const text = await x509Text(certificateDer(id.certificate), 'one-time');
    expect(text).toContain('Not After : Jun  1 09:00:00 2036 GMT');
    expect(text).toContain(`URI:${PUBLIC_URL}/api/pki/ca.crl`);
    // Document signing and e-mail protection (NSS, pdfsig's library, wants the latter once an EKU is
    // present), never time-stamping (pdf-ca-lifetimes.test.ts checks the profile in full).
    expect(text).toMatch(/X509v3 Extended Key Usage:\s+[^\n]*E-mail Protection/);
    expect(text).not.toContain('Time Stamping');
  });
});

describe('the time-stamping unit', () => {
  it('answers an OpenSSL query with a token that `openssl ts -verify` accepts against the CA', async () => {
    const query = await openSslQuery('sopimus', 'q1');
    const reply = await timestampUnitOf(ca).respond(await readFile(query));
    const replyFile = path.join(dir, 'q1.tsr');
    await writeFile(replyFile, reply);
    const shown = await tool('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
    expect(shown).toContain('Status: Granted.');
    expect(shown).toContain('Policy OID: 2.25.');
    const verified = await tool('openssl', [
      'ts',
      '-verify',
      '-queryfile',
      query,
      '-in',
      replyFile,
      '-CAfile',
      caPem,
    ]);
    expect(verified).toContain('Verification: OK');
    // The same token over other data does not verify.
    await writeFile(path.join(dir, 'other.data'), 'toinen');
    const wrong = await tool('openssl', [
      'ts',
      '-verify',
      '-data',
      path.join(dir, 'other.data'),
      '-in',
      replyFile,
      '-CAfile',
      caPem,
    ]);
    expect(wrong).not.toContain('Verification: OK');
  });

  it('rejects what it does not grant with the RFC 3161 failure info, and refuses what is no request', async () => {
    const sha1Query = path.join(dir, 'sha1.tsq');
    await writeFile(path.join(dir, 'sha1.data'), 'x');
    await tool('openssl', ['ts', '-query', '-data', path.join(dir, 'sha1.data'), '-sha1', '-out', sha1Query]);
    const replyFile = path.join(dir, 'sha1.tsr');
    await writeFile(replyFile, await timestampUnitOf(ca).respond(await readFile(sha1Query)));
    const shown = await tool('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
    expect(shown).toContain('Status: Rejected');
    expect(shown).toContain('unrecognized or unsupported algorithm');
    await expect(timestampUnitOf(ca).respond(Buffer.from('no request'))).rejects.toBeInstanceOf(
      TimestampRequestError,
    );
  });

  it('time-stamps every signature and the seal without an outside authority (PAdES B-T)', async () => {
    const signer = { name: 'Pekka Jääskeläinen', email: 'pekka@example.com' };
    const { pdf } = await prepareForSigning(await makePdf(1), [{ ...signer, level: 'Simple' }], {
      documentName: 'Tarjous.pdf',
      documentId: 'doc-unit',
      lang: 'fi',
    });
    const tsa = { unit: timestampUnitOf(ca) };
    const signed = await addSignature(pdf, {
      signer,
      method: 'Email',
      signedAt: new Date(),
      stampSlot: 0,
      ca,
      tsa,
    });
    const sealed = await addPlatformSeal(signed, { ca, tsa });
    const { signatures, output } = await verifyWithPdfsig(sealed);
    expect(
      signatures.map((s) => s.validity),
      output,
    ).toEqual(['valid', 'valid', 'not-verified']); // the last: the document time-stamp
    for (const n of [0, 1]) {
      const { token, digest } = await extractSignatureToken(sealed, n, dir);
      const verified = await verifyToken(token, digest, caPem);
      expect(verified, `token of signature ${n}`).toContain('Verification: OK');
      const { cms, content } = await extractSignature(sealed, n, dir);
      const cmsResult = await tool('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        cms,
        '-content',
        content,
        '-CAfile',
        caPem,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]);
      expect(cmsResult, `CMS of signature ${n}`).toContain('Verification successful');
    }
  });
});

describe('the public PKI endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
  });
  afterAll(async () => t?.close());

  it('serve the CA certificate and a CRL signed by it that names no revoked certificate', async () => {
    const own = await signingCaFromConfig(t.config.signing);
    const cert = await t.call(null, { method: 'GET', url: '/api/pki/ca.crt' });
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pkix-cert');
    expect(Buffer.from(cert.rawPayload).equals(Buffer.from(own.der))).toBe(true);

    const crl = await t.call(null, { method: 'GET', url: '/api/pki/ca.crl' });
    expect(crl.statusCode).toBe(200);
    expect(crl.headers['content-type']).toBe('application/pkix-crl');
    const crlFile = path.join(dir, 'served.crl');
    const ownPem = path.join(dir, 'served-ca.pem');
    await writeFile(crlFile, crl.rawPayload);
    await writeFile(ownPem, pem.encode(own.der, 'CERTIFICATE'));
    const checked = await tool('openssl', [
      'crl',
      '-inform',
      'DER',
      '-in',
      crlFile,
      '-CAfile',
      ownPem,
      '-noout',
      '-text',
    ]);
    expect(checked).toContain('verify OK');
    expect(checked).toContain('No Revoked Certificates.');
    const issued = await currentCrl(own);
    expect(issued.nextUpdate.getTime() - issued.thisUpdate.getTime()).toBe(7 * 24 * 3600_000);
  });

  it('time-stamp for anyone over HTTP, and refuse bodies that are not requests', async () => {
    const query = await openSslQuery('julkinen', 'http');
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: await readFile(query),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/timestamp-reply');
    const replyFile = path.join(dir, 'http.tsr');
    await writeFile(replyFile, res.rawPayload);
    const own = path.join(dir, 'http-ca.pem');
    await writeFile(own, pem.encode((await signingCaFromConfig(t.config.signing)).der, 'CERTIFICATE'));
    expect(
      await tool('openssl', ['ts', '-verify', '-queryfile', query, '-in', replyFile, '-CAfile', own]),
    ).toContain('Verification: OK');

    const garbage = await t.call(null, {
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('hello'),
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    const json = await t.call(null, { method: 'POST', url: '/api/tsa', payload: { hello: 1 } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ status: 'ERROR' });
    const huge = await t.call(null, {
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.alloc(64 * 1024),
    });
    expect(huge.statusCode).toBe(413);
  });
});
