import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { VerificationReport, VerifiedSignature } from '@sinetti/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mockApi } from '../../test/render-route';
import { renderWithProviders, resetTestState, signInAs } from '../../test/utils';
import { VerifyDocumentButton } from '../../components/verification/VerifyDocumentButton';
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

/** The public configuration the page reads for the size limit (1 MiB here). */
const CONFIG = {
  status: 'OK',
  version: 'test',
  providers: [],
  feedback: null,
  tour: true,
  verifyMaxBytes: 1048576,
};

/** Answers GET /api/config with CONFIG and every other call (POST /api/verify) with `body`. */
function replyWith(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/config'
      ? new Response(JSON.stringify(CONFIG))
      : new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls that posted a file to /api/verify. */
function verifyCalls(fetchMock: ReturnType<typeof replyWith>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/verify') as unknown as [string, RequestInit][];
}

function upload(file = new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' })) {
  const { container } = renderWithProviders(
    <MemoryRouter>
      <VerifyPage />
    </MemoryRouter>,
  );
  const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
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
    const calls = verifyCalls(fetchMock);
    expect(calls).toHaveLength(1);
    const [, init] = calls[0]!;
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

  it("refuses a file past the server's limit before uploading it, naming the limit", async () => {
    const fetchMock = replyWith({ status: 'OK', report: report() });
    const { container } = renderWithProviders(
      <MemoryRouter>
        <VerifyPage />
      </MemoryRouter>,
    );
    // The limit comes from the public configuration; until it has come, nothing is chosen here.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()));
    const big = new File([new Uint8Array(1048577)], 'big.pdf', { type: 'application/pdf' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    // Let the configuration's reply reach the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('larger than 1 MB');
    expect(verifyCalls(fetchMock)).toHaveLength(0);
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
