import { screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { signingKeys } from '../api/keys';
import { PublicHeader, PublicLayout } from './PublicLayout';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const TOKEN = 'a'.repeat(43);
const SESSION = 'b'.repeat(43);
const DOC = '00000000-0000-4000-8000-0000000000d1';
const STATUS = `GET /api/signing/status/signee/${TOKEN}`;

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

const header = () => screen.getByRole('banner');

/** The cache as the signing page left it in this tab: its session's data. */
function Seeded({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useState(() =>
    queryClient.setQueryData(signingKeys.session(SESSION), {
      document: { id: DOC, name: 'Lease.pdf' },
      organizationName: 'Acme Oy',
    }),
  );
  return children;
}

describe('public page header (issue 12 item 7)', () => {
  it('shows the Sinetti mark, who asks and the document, from the link status (one request)', async () => {
    const fetchMock = mockApi({
      [STATUS]: () => ({
        status: 'OK',
        locked: false,
        signed: false,
        completed: false,
        documentName: 'Lease.pdf',
        organizationName: 'Acme Oy',
      }),
    });
    renderAt(
      <PublicLayout source={{ token: TOKEN }}>
        <p>page body</p>
      </PublicLayout>,
    );
    expect(await within(header()).findByText('From Acme Oy')).toBeInTheDocument();
    expect(within(header()).getByText('Lease.pdf')).toBeInTheDocument();
    expect(within(header()).getByText('Sinetti')).toBeInTheDocument();
    expect(screen.getByText('page body')).toBeInTheDocument();
    expect(callsTo(fetchMock, STATUS)).toHaveLength(1);
  });

  it('reads in Finnish and names the session page from the session', async () => {
    await changeLanguage('fi');
    mockApi({
      [`GET /api/signing/session/${SESSION}`]: () => ({
        status: 'OK',
        document: { id: DOC, name: 'Vuokrasopimus', pages: 1, sha256: 'c'.repeat(64) },
        signee: { fullName: 'Liisa', email: 'l@x.fi', level: 1 },
        lang: 'fi',
        expiresAt: '2030-01-01T00:00:00.000Z',
        codeSentAt: null,
        codeExpiresAt: null,
        codeVerified: false,
        signed: false,
        organizationName: 'Äänekosken Ääni Oy',
      }),
    });
    renderAt(
      <PublicLayout source={{ sessionToken: SESSION }}>
        <p>body</p>
      </PublicLayout>,
    );
    expect(await within(header()).findByText('Lähettäjä: Äänekosken Ääni Oy')).toBeInTheDocument();
    expect(within(header()).getByText('Vuokrasopimus')).toBeInTheDocument();
  });

  it('on the result page names the document this tab just signed, without a request', async () => {
    const fetchMock = mockApi({});
    renderAt(
      <Seeded>
        <PublicLayout source={{ documentId: DOC }}>
          <p>result</p>
        </PublicLayout>
      </Seeded>,
    );
    expect(await within(header()).findByText('From Acme Oy')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without names shows just the mark', () => {
    renderAt(<PublicHeader />);
    expect(within(header()).getByText('Sinetti')).toBeInTheDocument();
    expect(screen.queryByTestId('public-header-names')).not.toBeInTheDocument();
  });
});
