import { createHash } from 'node:crypto';
import type { Certificate } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { OID, keyIdentifier, subjectField } from '../src/services/pdf/ca/certificates.ts';
import { CMS_OID } from '../src/services/pdf/cms.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { byteRanges, cmsOf, digestOfRange, makePdf, makeTestCa, removeTempDirs } from './pdf-fixtures.ts';

const signees = [
  { name: 'Matti Meikäläinen', email: 'matti@example.com', level: 'Simple' },
  { name: 'Åsa Öberg', email: 'asa@example.com', level: 'Advanced' },
];
const at = (iso: string) => new Date(iso);

describe('signing a prepared document twice, then sealing it', () => {
  let ca: SigningCa;
  let prepared: Uint8Array;
  let first: Uint8Array;
  let second: Uint8Array;
  let sealed: Uint8Array;

  beforeAll(async () => {
    ca = await makeTestCa();
    ({ pdf: prepared } = await prepareForSigning(await makePdf(2), signees, {
      documentName: 'Vuokrasopimus.pdf',
      documentId: 'doc-1',
      lang: 'fi',
    }));
    const common = { method: 'Email code (simple)', ca, lang: 'fi' as const };
    first = await addSignature(prepared, {
      ...common,
      signer: signees[0]!,
      signedAt: at('2026-06-01T09:00:00Z'),
      stampSlot: 0,
    });
    second = await addSignature(first, {
      ...common,
      signer: signees[1]!,
      signedAt: at('2026-06-01T10:30:00Z'),
      stampSlot: 1,
      reason: 'Hyväksyn',
      location: 'Helsinki',
    });
    sealed = await addPlatformSeal(second, { ca });
  });

  it('pdfsig reports three valid PAdES signatures, the last covering the whole file', async () => {
    const { signatures, output } = await verifyWithPdfsig(sealed);
    expect(signatures, output).toHaveLength(3);
    for (const s of signatures) {
      expect(s.validity, output).toBe('valid');
      expect(s.validation).toBe('Signature is Valid.');
      expect(s.subFilter).toBe('ETSI.CAdES.detached');
    }
    expect(signatures.map((s) => s.coversWholeDocument)).toEqual([false, false, true]);
    expect(signatures.map((s) => s.signedBy)).toEqual([
      'Matti Meikäläinen',
      'Åsa Öberg',
      'Sinetti platform seal',
    ]);
    expect(new Set(signatures.map((s) => s.name)).size).toBe(3);
    expect(signatures.map((s) => s.name)).not.toContain('Signature1');
  });

  it('keeps every earlier version as an unchanged prefix', () => {
    expect(Buffer.from(first.subarray(0, prepared.length)).equals(Buffer.from(prepared))).toBe(true);
    expect(Buffer.from(second.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(sealed.subarray(0, second.length)).equals(Buffer.from(second))).toBe(true);
    const ends = byteRanges(sealed).map(([, , c, d]) => c + d);
    expect(ends).toEqual([first.length, second.length, sealed.length]);
  });

  it('builds a PAdES B-B CMS: content type, message digest, ESS signing-certificate-v2, no signing time', async () => {
    for (const [n, expected] of [
      [0, signees[0]!],
      [1, signees[1]!],
    ] as const) {
      const { signed, range } = cmsOf(sealed, n);
      expect(signed.encapContentInfo.eContent).toBeUndefined();
      const info = signed.signerInfos[0]!;
      const attrs = new Map(info.signedAttrs!.attributes.map((a) => [a.type, a.values]));
      expect([...attrs.keys()].sort()).toEqual(
        [CMS_OID.contentType, CMS_OID.messageDigest, CMS_OID.signingCertificateV2].sort(),
      );
      expect(attrs.has(CMS_OID.signingTime)).toBe(false);
      const digest = Buffer.from(
        (attrs.get(CMS_OID.messageDigest)![0] as { valueBlock: { valueHexView: Uint8Array } }).valueBlock
          .valueHexView,
      );
      expect(digest.equals(digestOfRange(sealed, range))).toBe(true);

      const certs = signed.certificates as Certificate[];
      const leaf = certs.find((c) => subjectField(c, OID.commonName) === expected.name)!;
      expect(leaf).toBeDefined();
      expect(subjectField(leaf, OID.emailAddress)).toBe(expected.email);
      const ess = attrs.get(CMS_OID.signingCertificateV2)![0]!.toBER();
      const leafHash = createHash('sha256').update(Buffer.from(leaf.toSchema().toBER())).digest();
      expect(Buffer.from(ess).includes(leafHash)).toBe(true);
      expect(await signed.verify({ signer: 0, data: concatRanges(sealed, range), checkChain: false })).toBe(
        true,
      );
    }
  });

  it('issues each signee a one-time certificate from the CA with the right name, e-mail and key usage', async () => {
    const leaves = [0, 1].map((n) => {
      const certs = cmsOf(sealed, n).signed.certificates as Certificate[];
      expect(certs.some((c) => Buffer.from(c.toSchema().toBER()).equals(Buffer.from(ca.der)))).toBe(true);
      return certs.find(
        (c) => subjectField(c, OID.commonName) !== subjectField(ca.certificate, OID.commonName),
      )!;
    });
    for (const leaf of leaves) {
      expect(await leaf.verify(ca.certificate)).toBe(true);
      const ext = (oid: string) => leaf.extensions!.find((e) => e.extnID === oid)!;
      expect(ext(OID.keyUsage).critical).toBe(true);
      expect(Buffer.from(ext(OID.keyUsage).extnValue.valueBlock.valueHexView).toString('hex')).toBe(
        '030206c0',
      );
      expect(Buffer.from(ext(OID.subjectAltName).extnValue.toBER()).toString('latin1')).toContain(
        '@example.com',
      );
      // Ten years from the signing time (docs/decisions.md: validators that ignore time-stamps).
      const years =
        (leaf.notAfter.value.getTime() - leaf.notBefore.value.getTime()) / (365.25 * 24 * 3600_000);
      expect(years).toBeGreaterThan(9.99);
      expect(years).toBeLessThan(10.01);
    }
    expect(Buffer.from(keyIdentifier(leaves[0]!)).equals(Buffer.from(keyIdentifier(leaves[1]!)))).toBe(false);
    expect(leaves[0]!.serialNumber.isEqual(leaves[1]!.serialNumber)).toBe(false);
  });

  it('draws each stamp in the signee box with name, e-mail, Helsinki time and method', () => {
    const update = Buffer.from(first.subarray(prepared.length)).toString('latin1');
    expect(update).toContain('(Matti Meik\\344l\\344inen) Tj');
    expect(update).toContain('(matti@example.com) Tj');
    expect(update).toContain('(Allekirjoitettu: 1.6.2026 klo 12.00.00 \\(UTC+3\\)) Tj');
    expect(update).toContain('(Tapa: Email code \\(simple\\)) Tj');
    expect(update).toMatch(/\/FT \/Sig/);
  });

  it('makes pdfsig report a digest mismatch when a signed byte changes', async () => {
    const tampered = new Uint8Array(sealed);
    const [, b] = byteRanges(sealed)[0]!;
    const at = Math.floor(b / 2); // inside the first range, signed by all three
    tampered[at] = tampered[at]! ^ 0x01;
    const { signatures, output } = await verifyWithPdfsig(tampered);
    expect(signatures, output).toHaveLength(3);
    expect(signatures.map((s) => s.validity)).toEqual([
      'digest-mismatch',
      'digest-mismatch',
      'digest-mismatch',
    ]);

    const lateTamper = new Uint8Array(sealed);
    const [, , c] = byteRanges(sealed)[2]!;
    lateTamper[c + 10] = lateTamper[c + 10]! ^ 0x01; // after the last /Contents: only the seal covers it
    const late = await verifyWithPdfsig(lateTamper);
    expect(late.signatures.map((s) => s.validity)).toEqual(['valid', 'valid', 'digest-mismatch']);
  });

  it('refuses a stamp slot that the signature page does not have', async () => {
    await expect(
      addSignature(prepared, { signer: signees[0]!, method: 'x', signedAt: new Date(), stampSlot: 7, ca }),
    ).rejects.toThrow(/no signature box for signee 7/);
  });
});

function concatRanges(pdf: Uint8Array, [a, b, c, d]: [number, number, number, number]): ArrayBuffer {
  const out = new Uint8Array(b + d);
  out.set(pdf.subarray(a, a + b), 0);
  out.set(pdf.subarray(c, c + d), b);
  return out.buffer;
}

afterAll(removeTempDirs);
