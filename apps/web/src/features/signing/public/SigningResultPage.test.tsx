import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { SigningResultPage } from './SigningResultPage';

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

const show = (result: string) => renderAt(<SigningResultPage result={result} />);

describe('SigningResult (SPEC §2.1)', () => {
  it('success, signed out: thanks, offers an account and continues to sign-up', () => {
    show('success');
    expect(screen.getByRole('heading', { name: 'Document signed' })).toBeInTheDocument();
    expect(
      screen.getByText(/you get the signed document by e-mail\. Create a Sinetti account/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/signup');
  });

  it('success, signed in: points to the app, no account offer', () => {
    signInAs();
    show('success');
    expect(screen.getByRole('heading', { name: 'Document signed' })).toBeInTheDocument();
    expect(screen.getByText(/You can follow the document in Sinetti\./)).toBeInTheDocument();
    expect(screen.queryByText(/Create a Sinetti account/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['signed out', false, '/signup', /ask the sender for a new link\. Create a Sinetti account/],
    ['signed in', true, '/', /^The document could not be signed\. .*ask the sender for a new link\.$/],
  ] as const)('failure, %s: says it failed, never that it was signed', (_name, signedIn, href, text) => {
    if (signedIn) signInAs();
    show('failure');
    expect(screen.getByRole('heading', { name: 'Signing failed' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Document signed' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', href);
  });

  it('an unknown result is a failure, not a success', () => {
    show('whatever');
    expect(screen.getByRole('heading', { name: 'Signing failed' })).toBeInTheDocument();
  });

  // The page has no server call of its own: it is in the language the signing page left the tab in.
  it.each([
    ['success', 'Asiakirja allekirjoitettu', /Kiitos, allekirjoituksesi on lisätty/],
    ['failure', 'Allekirjoitus epäonnistui', /Asiakirjaa ei voitu allekirjoittaa/],
  ])('%s in Finnish', async (result, title, text) => {
    await changeLanguage('fi');
    show(result);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jatka' })).toHaveAttribute('href', '/signup');
  });
});
