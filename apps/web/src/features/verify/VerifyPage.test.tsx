import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { VerificationReport, VerifiedSignature } from '@sinetti/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mockApi } from '../../test/render-route';
import { renderWithProviders, resetTestState, signInAs } from '../../test/utils';
import { VerifyDocumentButton } from './VerifyDocumentButton';
import { VerifyPage } from './VerifyPage';

const chain = {
  complete: true,
  trusted: true,
  certificates: [
    {
      subject: 'CN=Anna Äijälä',
      issuer: 'CN=Sinetti Signing CA',
      serialNumber: '01',
      notBefore: '2026-06-01T09:00:00.000Z',
      notAfter: '2026-06-02T09:00:00.000Z',
      validAtTime: true,
      revocation: 'good' as const,
      revocationSource: 'dss' as const,
      revocationMethod: 'ocsp' as const,
    },
  ],
};
const signature = (over: Partial<VerifiedSignature> = {}): VerifiedSignature => ({
  field: 'Signee-1',
  kind: 'signature',
  subFilter: 'ETSI.CAdES.detached',
  signer: { name: 'Anna Äijälä', email: 'anna@example.com' },
  claimedTime: '2026-06-01T09:00:00.000Z',
  timestamp: { time: '2026-06-01T09:00:01.000Z', valid: true, authority: 'Sinetti TSA', chain },
  level: 'B-LTA',
  byteRange: { ok: true, wholeFile: true, problem: null },
  intact: 'ok',
  signatureValid: 'ok',
  chain,
  changes: null,
  warnings: [],
  status: 'valid',
  ...over,
});
const report = (over: Partial<VerificationReport> = {}): VerificationReport => ({
  verdict: 'valid',
  unreadable: null,
  pages: 3,
  sha256: 'ab',
  size: 100,
  signatures: [signature()],
  dss: true,
  docMdp: null,
  checkedAt: '2026-06-01T10:00:00.000Z',
  ...over,
});

function replyWith(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function upload() {
  const { container } = renderWithProviders(
    <MemoryRouter>
      <VerifyPage />
    </MemoryRouter>,
  );
  const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

afterEach(() => {
  resetTestState();
  vi.unstubAllGlobals();
});

describe('/verify', () => {
  it('posts the file as application/pdf and shows the verdict and each signature in words', async () => {
    const fetchMock = replyWith({ status: 'OK', report: report() });
    const file = upload();
    expect(await screen.findByText(/All signatures are valid/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/verify');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/pdf');
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(screen.getByText(/Time-stamped at/)).toBeInTheDocument();
    // 09:00:01 UTC in June is 12:00:01 in Helsinki (summer time).
    expect(screen.getByText(/Time-stamped at/).textContent).toContain('12:00:01');
    expect(screen.getByText('No changes after signing.')).toBeInTheDocument();
    expect(screen.getAllByText(/not revoked \(OCSP response\)/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Download the CA certificate/ })).toHaveAttribute(
      'href',
      '/api/pki/ca.crt',
    );
  });

  it('names the changes of a tampered copy', async () => {
    const changes = {
      pagesAdded: [4],
      pagesRemoved: [],
      pagesContentChanged: [],
      annotations: [{ page: 1, change: 'added' as const, subtype: 'Text' }],
      fields: [],
      signaturesAdded: 0,
      timestampsAdded: 0,
      dssAdded: false,
      otherObjectsChanged: 0,
      modified: true,
    };
    replyWith({
      status: 'OK',
      report: report({
        verdict: 'invalid',
        signatures: [
          signature({ status: 'invalid', changes, warnings: ['modified-after-signing-unsigned'] }),
        ],
      }),
    });
    upload();
    expect(await screen.findByText(/At least one signature is not valid/)).toBeInTheDocument();
    expect(screen.getByText('Not valid')).toBeInTheDocument();
    expect(screen.getByText('Pages added: 4')).toBeInTheDocument();
    expect(screen.getByText('Annotation (Text) added on page 1')).toBeInTheDocument();
  });

  it("words the seal's lock and a change it forbids", async () => {
    const changes = {
      pagesAdded: [],
      pagesRemoved: [],
      pagesContentChanged: [],
      annotations: [{ page: 1, change: 'added' as const, subtype: 'Text' }],
      fields: [],
      signaturesAdded: 0,
      timestampsAdded: 0,
      dssAdded: false,
      otherObjectsChanged: 0,
      modified: true,
    };
    replyWith({
      status: 'OK',
      report: report({
        verdict: 'invalid',
        signatures: [
          signature({
            status: 'invalid',
            changes,
            lock: { docMdp: 2, fieldMdp: { action: 'Include', fields: ['Nimi', 'Osoite'], p: 1 } },
            lockViolations: ['annotations'],
            warnings: ['modified-not-allowed'],
          }),
        ],
      }),
    });
    upload();
    expect(await screen.findByText(/At least one signature is not valid/)).toBeInTheDocument();
    const locks = screen.getAllByTestId('signature-lock').map((e) => e.textContent);
    expect(locks).toEqual([
      'Certifies the document: only form filling and signing allowed after it.',
      'Locks the form fields Nimi, Osoite. Once signed: no changes allowed after it.',
    ]);
    expect(screen.getByText(/Changed after signing, not allowed/)).toBeInTheDocument();
  });

  it("shows the server's reason when the file cannot be checked", async () => {
    replyWith(
      { status: 'ERROR', code: 'UNSUPPORTED_FILE_TYPE', reason: 'VERIFY_NOT_A_PDF', message: 'x' },
      415,
    );
    upload();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/not a PDF/));
  });

  it('shows the in-app report of a Signed document from its Verify signatures action', async () => {
    signInAs();
    const DOC = '00000000-0000-4000-8000-0000000000aa';
    mockApi({ [`GET /api/signing/verification/${DOC}`]: () => ({ status: 'OK', report: report() }) });
    renderWithProviders(<VerifyDocumentButton documentId={DOC} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the signatures' }));
    expect(await screen.findByText(/All signatures are valid/)).toBeInTheDocument();
    expect(screen.getByText(/PAdES level: B-LTA/)).toBeInTheDocument();
  });
});
