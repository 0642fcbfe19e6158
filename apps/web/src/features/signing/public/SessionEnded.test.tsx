import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { changeLanguage } from '../../../lib/i18n';
import { renderAt } from '../../../test/render-route';
import { SessionEnded } from './SessionEnded';

afterEach(async () => changeLanguage('en'));

const refused = (reason: 'SIGNING_CANCELLED' | 'SIGNING_SESSION_EXPIRED') =>
  new ApiError('CONFLICT', 'English message for logs', 409, undefined, { reason });

describe('an ended signing session', () => {
  it('says the sender cancelled, never that the session timed out', () => {
    renderAt(<SessionEnded error={refused('SIGNING_CANCELLED')} />);
    expect(screen.getByRole('heading', { name: 'The signing was cancelled' })).toBeInTheDocument();
    expect(screen.getByText('The sender has cancelled the signing of this document.')).toBeInTheDocument();
    expect(screen.queryByText(/ended|60 minutes|ran out/)).not.toBeInTheDocument();
  });

  it('says the time ran out when it did', () => {
    renderAt(<SessionEnded error={refused('SIGNING_SESSION_EXPIRED')} />);
    expect(screen.getByRole('heading', { name: 'The signing session has ended' })).toBeInTheDocument();
    expect(screen.getByText(/time for signing ran out/)).toBeInTheDocument();
  });

  it('explains the 60 minutes when there is no reason, in Finnish too', async () => {
    await changeLanguage('fi');
    renderAt(<SessionEnded error={null} />);
    expect(screen.getByRole('heading', { name: 'Allekirjoitusistunto on päättynyt' })).toBeInTheDocument();
    expect(screen.getByText(/60 minuuttia/)).toBeInTheDocument();
  });
});
