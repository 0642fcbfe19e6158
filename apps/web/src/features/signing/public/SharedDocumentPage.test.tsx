import { screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { SharedDocumentPage } from './SharedDocumentPage';

// The pages themselves are pdf.js's (tested with the signing page); here: what reaches them.
vi.mock('./PdfPages', () => ({
  PdfPages: ({ load, sourceKey }: { load: (s: AbortSignal) => Promise<ArrayBuffer>; sourceKey: string }) => {
    const [text, setText] = useState('');
    useEffect(() => {
      if (sourceKey)
        void load(new AbortController().signal).then((b) => setText(new TextDecoder().decode(b)));
    }, [load, sourceKey]);
    return <p data-testid="pdf">{text}</p>;
  },
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const OPEN = `GET /api/public/share/${TOKEN}`;
const open = () => renderAt(<SharedDocumentPage token={TOKEN} />);

describe('a shared document (issue 13 item 5)', () => {
  it('shows the PDF with the sender’s names, and a download only when the link allows it', async () => {
    mockApi({
      [OPEN]: () => ({
        status: 'OK',
        documentName: 'Lease 2026',
        organizationName: 'Acme Oy',
        allowDownload: true,
        expires: null,
        content: btoa('%PDF-1.7 test'),
      }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Lease 2026' })).toBeInTheDocument();
    expect(screen.getByText('From Acme Oy', { exact: false })).toBeInTheDocument();
    expect(await screen.findByText('%PDF-1.7 test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/public/share/${TOKEN}/download`,
    );
  });

  it('has no download without permission', async () => {
    mockApi({
      [OPEN]: () => ({
        status: 'OK',
        documentName: 'Memo',
        organizationName: 'Acme Oy',
        allowDownload: false,
        expires: '2026-12-24T10:00:00.000Z',
        content: btoa('%PDF'),
      }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Memo' })).toBeInTheDocument();
    expect(screen.getByText(/read-only, until/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('says in Finnish that an ended link does not work', async () => {
    await changeLanguage('fi');
    mockApi({
      [OPEN]: () => ({ status: 'ERROR', code: 'NOT_FOUND', reason: 'SHARE_LINK_ENDED', message: 'x' }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Linkki ei toimi' })).toBeInTheDocument();
    expect(screen.getByText(/se on peruttu tai vanhentunut/)).toBeInTheDocument();
  });
});
