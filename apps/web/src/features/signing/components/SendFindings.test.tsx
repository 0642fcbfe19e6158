import { fireEvent, screen, within } from '@testing-library/react';
import type { PdfFindings } from '@sinetti/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../components/modals';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { registerSigningModals } from '../modals';
import { DOC_ID, makeDocument, makeQuote, makeSignee, memberReplies } from '../test/fixtures';
import { SigningActions } from './SigningActions';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signInAs();
  registerSigningModals();
});
afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

const NOTHING: PdfFindings = { hiddenLayers: 0, unreferencedStreams: 0, certification: null, signatures: 0 };
const signees = [makeSignee()];

function renderSend(pdfFindings: PdfFindings | null) {
  mockApi({
    ...memberReplies(signees, { send: true }),
    [`GET /api/signing/quote/${DOC_ID}`]: () => ({
      status: 'OK',
      quote: makeQuote(signees, { pdfFindings }),
    }),
  });
  renderAt(
    <>
      <SigningActions document={makeDocument()} onReload={vi.fn()} />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
}

async function openDialog(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByRole('table');
  return dialog;
}

describe('the send dialog warns about what the server found in the PDF (issue #30 item 4)', () => {
  it('lists hidden layers, unreferenced content and earlier signatures, and still lets the sender send', async () => {
    renderSend({ hiddenLayers: 2, unreferencedStreams: 1, certification: null, signatures: 1 });
    const dialog = await openDialog('Send for signing');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Check the PDF before sending');
    expect(alert).toHaveTextContent('It has 2 hidden layers: content that PDF viewers do not show');
    expect(alert).toHaveTextContent('It contains a piece of page content that no page shows.');
    expect(alert).toHaveTextContent('It already holds a signature. It stays valid');
    expect(alert).toHaveTextContent('Signees cannot see hidden content, so they cannot agree to it.');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('shows nothing for a PDF without findings, or one not analysed', async () => {
    renderSend(NOTHING);
    const dialog = await openDialog('Send for signing');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('a certified PDF cannot be sent: the reason is shown and Send is disabled', async () => {
    renderSend({ ...NOTHING, certification: 1, signatures: 1 });
    const dialog = await openDialog('Send for signing');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('This PDF is certified and cannot be sent');
    expect(alert).toHaveTextContent("Signing it here would break the author's certification.");
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('Finnish: the same warnings in Finnish', async () => {
    await changeLanguage('fi');
    renderSend({ hiddenLayers: 1, unreferencedStreams: 3, certification: null, signatures: 0 });
    const dialog = await openDialog('Lähetä allekirjoitettavaksi');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Tarkista PDF ennen lähettämistä');
    expect(alert).toHaveTextContent('Siinä on piilotettu taso');
    expect(alert).toHaveTextContent('Siinä on 3 sivusisällön osaa, joita mikään sivu ei näytä.');
    expect(alert).toHaveTextContent('Allekirjoittajat eivät näe piilotettua sisältöä');
  });

  it('Finnish: a certified PDF', async () => {
    await changeLanguage('fi');
    renderSend({ ...NOTHING, certification: 2, signatures: 1 });
    const dialog = await openDialog('Lähetä allekirjoitettavaksi');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Tämä PDF on varmennettu, eikä sitä voi lähettää');
    expect(alert).toHaveTextContent('Allekirjoittaminen täällä rikkoisi laatijan varmennuksen.');
    expect(within(dialog).getByRole('button', { name: 'Lähetä' })).toBeDisabled();
  });
});
