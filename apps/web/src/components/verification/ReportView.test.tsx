import { screen, within } from '@testing-library/react';
import type { SignatureAssurance, VerificationReport, VerifiedSignature } from '@sinetti/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders, resetTestState } from '../../test/utils';
import { ReportView } from './ReportView';

const certificate = {
  subject: 'CN=Anna Aalto',
  issuer: 'CN=Sinetti Signing CA',
  serialNumber: '01',
  notBefore: '2026-06-01T09:00:00.000Z',
  notAfter: '2036-06-01T09:00:00.000Z',
  validAtTime: true,
  revocation: 'good' as const,
  revocationSource: 'dss' as const,
};
const chain = { complete: true, trusted: true, anchor: 'instance' as const, certificates: [certificate] };

const assurance = (over: Partial<SignatureAssurance>): SignatureAssurance => ({
  level: 'SES',
  identification: null,
  provider: null,
  qcStatements: null,
  test: false,
  basis: 'server text',
  ...over,
});

const signature = (name: string, over: Partial<VerifiedSignature>): VerifiedSignature => ({
  field: `Signee-${name}`,
  kind: 'signature',
  subFilter: 'ETSI.CAdES.detached',
  signer: { name, email: null },
  claimedTime: null,
  timestamp: null,
  level: 'B-T',
  byteRange: { ok: true, wholeFile: false, problem: null },
  intact: 'ok',
  signatureValid: 'ok',
  chain,
  changes: null,
  warnings: [],
  status: 'valid',
  ...over,
});

const report: VerificationReport = {
  verdict: 'valid',
  unreadable: null,
  pages: 1,
  sha256: 'ab',
  size: 100,
  dss: true,
  docMdp: null,
  checkedAt: '2026-06-01T10:00:00.000Z',
  signatures: [
    signature('Liisa Virtanen', {
      assurance: assurance({ identification: 'Signee confirmed an e-mailed code' }),
    }),
    signature('Anna Aalto', {
      assurance: assurance({
        level: 'AdES',
        identification: 'FTN (FI)',
        provider: 'idp.example',
        test: true,
      }),
    }),
    signature('Matti Meikäläinen', {
      chain: { ...chain, anchor: 'configured' },
      assurance: assurance({
        level: 'QES',
        identification: 'Qualified certificate for electronic signatures',
        provider: 'Example QTSP Oy',
        qcStatements: { compliance: true, sscd: true, type: 'esign' },
      }),
    }),
    signature('Olli Omatekoinen', {
      chain: { ...chain, trusted: false, anchor: null },
      assurance: assurance({ level: 'unknown' }),
    }),
    // A report made before levels were reported: no level line at all.
    signature('Old', {}),
  ],
};

async function cards() {
  renderWithProviders(<ReportView report={report} />);
  const all = await screen.findAllByTestId('signature-card');
  expect(all).toHaveLength(5);
  return all;
}

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

describe('the level of each signature in the report', () => {
  it('names the level, how and by whom the signer was identified, the QC statements and a TEST badge', async () => {
    const [ses, ades, qes, unknown, old] = await cards();

    expect(within(ses!).getByText('Level: Simple (SES)')).toBeInTheDocument();
    expect(within(ses!).getByText(/confirmed an e-mailed code/)).toBeInTheDocument();
    expect(within(ses!).queryByText(/Identified with/)).toBeNull();
    expect(within(ses!).queryByTestId('test-badge')).toBeNull();

    expect(within(ades!).getByText('Level: Advanced (AdES)')).toBeInTheDocument();
    expect(within(ades!).getByText('Identified with FTN (FI)')).toBeInTheDocument();
    expect(within(ades!).getByText('Identity provider: idp.example')).toBeInTheDocument();
    expect(within(ades!).getByTestId('test-badge')).toHaveTextContent('TEST');
    expect(within(ades!).getByText(/not a real person's signature/)).toBeInTheDocument();

    expect(within(qes!).getByText('Level: Qualified (QES)')).toBeInTheDocument();
    expect(within(qes!).getByText('Trust service provider: Example QTSP Oy')).toBeInTheDocument();
    expect(
      within(qes!).getByText(
        'QC statements: EU qualified certificate, key in a qualified signature creation device, for electronic signatures',
      ),
    ).toBeInTheDocument();
    expect(within(qes!).getByText(/EU trusted lists are not consulted/)).toBeInTheDocument();
    expect(
      within(qes!).getByText('The certificate chain ends at a trust anchor configured on this service.'),
    ).toBeInTheDocument();
    expect(within(qes!).queryByTestId('test-badge')).toBeNull();

    expect(within(unknown!).getByText('Level: Unknown')).toBeInTheDocument();
    expect(within(unknown!).getByText(/cannot tell the level/)).toBeInTheDocument();

    expect(within(old!).queryByTestId('signature-assurance')).toBeNull();
    expect(within(old!).getByText('PAdES level: B-T')).toBeInTheDocument();
  });

  it('says the same in Finnish', async () => {
    await changeLanguage('fi');
    const [ses, ades, qes] = await cards();
    expect(within(ses!).getByText('Taso: Yksinkertainen (SES)')).toBeInTheDocument();
    expect(within(ades!).getByText('Taso: Kehittynyt (AdES)')).toBeInTheDocument();
    expect(within(ades!).getByText('Tunnistettu: FTN (FI)')).toBeInTheDocument();
    expect(within(ades!).getByText('Tunnistuspalvelu: idp.example')).toBeInTheDocument();
    expect(within(ades!).getByTestId('test-badge')).toHaveTextContent('TESTI');
    expect(within(qes!).getByText('Taso: Hyväksytty (QES)')).toBeInTheDocument();
    expect(within(qes!).getByText('Luottamuspalvelu: Example QTSP Oy')).toBeInTheDocument();
    expect(within(qes!).getByText(/^QC-lausumat: EU:n hyväksytty varmenne/)).toBeInTheDocument();
    expect(
      within(qes!).getByText(/EU:n luotettujen palvelujen luetteloita ei tarkisteta/),
    ).toBeInTheDocument();
  });
});
