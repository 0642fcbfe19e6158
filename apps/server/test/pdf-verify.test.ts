import { describe, expect, it } from 'vitest';
import { parsePdfsigOutput, verifyWithPdfsig } from '../src/services/pdf/verify.ts';
import { makePdf } from './pdf-fixtures.ts';

const sample = `Digital Signature Info of: /tmp/x/document.pdf
Signature #1:
  - Signature Field Name: Signee-1-0a1b2c3d
  - Signer Certificate Common Name: Matti Meikäläinen
  - Signer full Distinguished Name: E=matti@example.com,CN=Matti Meikäläinen
  - Signing Time: Jun 01 2026 09:00:00
  - Signing Hash Algorithm: SHA-256
  - Signature Type: ETSI.CAdES.detached
  - Signed Ranges: [0 - 3359], [19745 - 21367]
  - Not total document signed
  - Signature Validation: Digest Mismatch.
Signature #2:
  - Signature Field Name: PlatformSeal-2-99aa88bb
  - Signer Certificate Common Name: Sinetti platform seal
  - Signed Ranges: [0 - 22072], [38458 - 39966]
  - Total document signed
  - Signature Validation: Something new.
`;

describe('reading pdfsig output', () => {
  it('turns each "Signature #n" block into a record', () => {
    expect(parsePdfsigOutput(sample)).toEqual([
      {
        name: 'Signee-1-0a1b2c3d',
        signedBy: 'Matti Meikäläinen',
        signerDn: 'E=matti@example.com,CN=Matti Meikäläinen',
        validity: 'digest-mismatch',
        validation: 'Digest Mismatch.',
        coversWholeDocument: false,
        subFilter: 'ETSI.CAdES.detached',
        signedRanges: [
          [0, 3359],
          [19745, 21367],
        ],
        signingTime: 'Jun 01 2026 09:00:00',
      },
      expect.objectContaining({
        name: 'PlatformSeal-2-99aa88bb',
        validity: 'unknown',
        coversWholeDocument: true,
      }),
    ]);
  });

  it('reports no signatures for an unsigned PDF', async () => {
    const { signatures, output } = await verifyWithPdfsig(await makePdf(1));
    expect(signatures).toEqual([]);
    expect(output).toMatch(/does not contain any signatures/);
  });
});
