import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { DOC_ID, doc, rolesReply, signIn } from '../test/fixtures';
import { DocumentPreview } from './DocumentPreview';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
// The PDF viewer itself is tested in PdfPreview.test.ts: here only which PDF it gets.
vi.mock('./PdfPreview', () => ({
  PdfPreview: ({ data, title }: { data: string; title: string }) => (
    <p data-testid="pdf">
      {title}: {atob(data)}
    </p>
  ),
}));

beforeEach(() => signIn());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function show(signed: boolean | undefined, state: number) {
  mockApi({
    'GET /api/privileges/account-roles': rolesReply(),
    [`GET /api/documents/content/${DOC_ID}`]: () => ({
      status: 'OK',
      hash: 'a'.repeat(64),
      content: btoa(signed ? 'signed pdf' : 'original pdf'),
      contentMimeType: 'application/pdf',
      conversion: 'none',
      ...(signed === undefined ? {} : { signed }),
    }),
  });
  renderAt(<DocumentPreview document={doc({ id: DOC_ID, name: 'Lease', state })} />);
}

describe('document preview once Signed (issue 12 item 6)', () => {
  it('shows the signed PDF the server sends, and says it is the signed version', async () => {
    show(true, 30);
    expect(await screen.findByTestId('pdf')).toHaveTextContent('Lease: signed pdf');
    expect(screen.getByTestId('signed-preview-note')).toHaveTextContent(
      'Signed version: the sealed PDF with every signature.',
    );
  });

  it('in Finnish too', async () => {
    await changeLanguage('fi');
    show(true, 30);
    expect(await screen.findByTestId('signed-preview-note')).toHaveTextContent(
      'Allekirjoitettu versio: sinetöity PDF, jossa ovat kaikki allekirjoitukset.',
    );
  });

  it('shows the original without the note before signing (and from a server that does not say)', async () => {
    show(undefined, 20);
    expect(await screen.findByTestId('pdf')).toHaveTextContent('Lease: original pdf');
    expect(screen.queryByTestId('signed-preview-note')).not.toBeInTheDocument();
  });
});
