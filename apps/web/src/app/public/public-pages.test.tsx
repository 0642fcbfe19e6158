import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { setClientPaths } from '../../lib/page-navigation';
import { mockFetch, resetTestState } from '../../test/utils';
import { publicRouteOf } from '../route-table';
import { PublicApp } from './PublicApp';

afterEach(() => {
  setClientPaths(() => false);
  resetTestState();
});

describe('the public root with its real pages', () => {
  it('opens a signee’s start page without a session, with the sender and document named', async () => {
    mockFetch({
      'GET /api/signing/status/signee/abc': {
        body: {
          status: 'OK',
          locked: false,
          signed: false,
          completed: false,
          documentName: 'Lease',
          organizationName: 'Acme Oy',
          lang: 'en',
        },
      },
    });
    setClientPaths((pathname) => publicRouteOf(pathname) !== null);
    window.history.replaceState(null, '', '/public/sign/abc');
    render(<PublicApp />);
    expect(await screen.findByRole('heading', { name: 'Sign the document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start signing' })).toBeInTheDocument();
    expect(screen.getByText('From Acme Oy')).toBeInTheDocument();
  });
});
