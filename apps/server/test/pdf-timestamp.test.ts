import { createHash } from 'node:crypto';
import { ContentInfo, SignedData, TSTInfo } from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { CMS_OID } from '../src/services/pdf/cms.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { cmsOf, makePdf, makeTestCa, startTsa, removeTempDirs } from './pdf-fixtures.ts';

describe('signatures with an RFC 3161 time-stamping authority (PAdES B-T)', () => {
  let ca: SigningCa;
  let tsa: Awaited<ReturnType<typeof startTsa>>;
  let prepared: Uint8Array;
  const signer = { name: 'Pekka Jääskeläinen', email: 'pekka@example.com' };

  beforeAll(async () => {
    [ca, tsa] = await Promise.all([makeTestCa(), startTsa()]);
    ({ pdf: prepared } = await prepareForSigning(await makePdf(1), [{ ...signer, level: 'Simple' }], {
      documentName: 'Tarjous.pdf',
      documentId: 'doc-tsa',
      lang: 'en',
    }));
  });
  afterAll(() => tsa.close());

  it('adds a signature time-stamp token over the signature value as an unsigned attribute', async () => {
    const before = tsa.requests();
    const tsaOptions = { url: tsa.url, timeoutMs: 5000 };
    const signed = await addSignature(prepared, {
      signer,
      method: 'Email code (simple)',
      signedAt: new Date(),
      stampSlot: 0,
      ca,
      tsa: tsaOptions,
    });
    const sealed = await addPlatformSeal(signed, { ca, tsa: tsaOptions });
    // The signature's and the seal's time-stamps, then the document time-stamp after the seal's DSS.
    expect(tsa.requests() - before).toBe(3);

    const { signatures, output } = await verifyWithPdfsig(sealed);
    expect(
      signatures.map((s) => s.validity),
      output,
    ).toEqual(['valid', 'valid', 'not-verified']);
    expect(signatures[2]).toMatchObject({ signedBy: 'Test TSA', coversWholeDocument: true });

    for (const n of [0, 1]) {
      const info = cmsOf(sealed, n).signed.signerInfos[0]!;
      const attribute = info.unsignedAttrs?.attributes.find(
        (a) => a.type === CMS_OID.signatureTimeStampToken,
      );
      expect(attribute).toBeDefined();
      const token = new ContentInfo({ schema: attribute!.values[0] });
      expect(token.contentType).toBe(CMS_OID.signedData);
      const tokenData = new SignedData({ schema: token.content });
      expect(tokenData.encapContentInfo.eContentType).toBe('1.2.840.113549.1.9.16.1.4');
      const tst = TSTInfo.fromBER(tokenData.encapContentInfo.eContent!.getValue());
      const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
      const signatureValue = Buffer.from(info.signature.valueBlock.valueHexView);
      expect(imprint.equals(createHash('sha256').update(signatureValue).digest())).toBe(true);
      expect(
        await tokenData.verify({ signer: 0, checkChain: false, data: new Uint8Array(signatureValue).buffer }),
      ).toBe(true);
      // The signed attributes stay B-B: the time comes from the token, not from a signing-time attribute.
      expect(info.signedAttrs!.attributes.map((a) => a.type)).not.toContain(CMS_OID.signingTime);
    }
  });

  it('fails the signature when the time-stamping authority fails', async () => {
    const broken = await startTsa({ failWith: 503 });
    try {
      await expect(
        addSignature(prepared, {
          signer,
          method: 'Email code (simple)',
          signedAt: new Date(),
          stampSlot: 0,
          ca,
          tsa: { url: broken.url, timeoutMs: 5000 },
        }),
      ).rejects.toThrow(/HTTP 503/);
    } finally {
      await broken.close();
    }
  });
});

afterAll(removeTempDirs);
