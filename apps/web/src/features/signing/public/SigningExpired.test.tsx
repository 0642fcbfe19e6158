import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { SigningStartPage } from './SigningStartPage';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const TOKEN = 'c'.repeat(43);
const STATUS = `GET /api/signing/status/signee/${TOKEN}`;
const notFound = { status: 'NOT_FOUND', locked: false, signed: false, completed: false };

afterEach(async () => {
  vi.restoreAllMocks();
  resetTestState();
  await changeLanguage('en');
});

const show = () =>
  renderAt(<SigningStartPage token={TOKEN} />, {
    path: '/public/sign/:signee',
    url: `/public/sign/${TOKEN}`,
  });

describe('the link of an expired round (issue 12 item 6)', () => {
  it.each([
    ['en', 'Signing has expired', 'The time for signing this document ended before everyone signed.'],
    ['fi', 'Allekirjoitusaika on päättynyt', 'Tämän asiakirjan allekirjoitusaika päättyi'],
  ])('says the signing expired (%s)', async (lang, title, text) => {
    // The page follows the browser's language when the server names none (a NOT_FOUND reply).
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([lang === 'fi' ? 'fi-FI' : 'en-GB', 'en']);
    mockApi({ [STATUS]: () => ({ ...notFound, expired: true }) });
    show();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start signing|Aloita/ })).not.toBeInTheDocument();
  });

  it('a link of a cancelled or unknown round still says not found', async () => {
    mockApi({ [STATUS]: () => notFound });
    show();
    expect(await screen.findByRole('heading', { name: 'Signing link not found' })).toBeInTheDocument();
  });
});
