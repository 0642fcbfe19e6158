import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockPhoneWidth } from '../../../test/phone';
import { BERT, open, savedFields, serve, setUpEditorTests, textField } from '../test/editor';

// jsdom draws no PDF and measures nothing: a two-page PDF, pages as plain boxes, an area 370 px wide.
vi.mock('../../../components/toast', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/usePdfDocument', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/PdfPage', () => import('../test/editor-mocks'));
vi.mock('@mantine/hooks', async (original) =>
  (await import('../test/editor-mocks')).mantineHooks(original, 370),
);

setUpEditorTests();
afterEach(() => changeLanguage('en'));

describe('the fields editor on a phone', () => {
  it('shows one signee picker: the selected field’s, else whom new fields are for', async () => {
    mockPhoneWidth(390);
    const fetchMock = serve();
    open([textField]);
    const bar = await screen.findByTestId('fields-bottom-bar');
    await waitFor(() => expect(within(bar).getByRole('combobox', { name: 'For' })).toHaveValue('Anna Aalto'));
    expect(screen.getAllByRole('combobox')).toHaveLength(1);

    // A field selected: its own picker only. Giving it to Bert makes Bert the one new fields are for.
    fireEvent.focus(screen.getByRole('button', { name: 'Text for Anna Aalto, page 2' }));
    const picker = within(bar).getByRole('combobox', { name: 'Signee' });
    expect(screen.getAllByRole('combobox')).toEqual([picker]);
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Bert Berg' }));
    await screen.findByRole('button', { name: 'Text for Bert Berg, page 2' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Checkbox' }));
    const page1 = screen.getByRole('group', { name: /^Page 1 of 2: press Enter/ });
    fireEvent.keyDown(page1, { key: 'Enter' });
    await within(page1).findByRole('button', { name: 'Checkbox for Bert Berg, page 1' });
    expect(screen.getAllByRole('combobox')).toHaveLength(1);

    // A tap beside the fields clears the selection: the picker for new fields again, still Bert.
    fireEvent.click(page1);
    expect(within(bar).queryByTestId('field-panel')).toBeNull();
    expect(screen.getAllByRole('combobox')).toEqual([within(bar).getByRole('combobox', { name: 'For' })]);
    expect(within(bar).getByRole('combobox', { name: 'For' })).toHaveValue('Bert Berg');

    const saved = await savedFields(fetchMock);
    expect(saved.map((f) => [f.kind, f.signeeId])).toEqual([
      ['text', BERT],
      ['checkbox', BERT],
    ]);
  });

  it('has Undo and Redo as named icons in the bottom bar, in English and Finnish', async () => {
    mockPhoneWidth(390);
    serve();
    open([textField]);
    const bar = await screen.findByTestId('fields-bottom-bar');
    const undo = within(bar).getByRole('button', { name: 'Undo' });
    expect(screen.getAllByRole('button', { name: 'Undo' })).toEqual([undo]);
    expect(undo).toBeDisabled();
    const field = screen.getByRole('button', { name: 'Text for Anna Aalto, page 2' });
    fireEvent.keyDown(field, { key: 'Delete' });
    expect(undo).toBeEnabled();
    fireEvent.click(undo);
    screen.getByRole('button', { name: 'Text for Anna Aalto, page 2' });
    expect(within(bar).getByRole('button', { name: 'Redo' })).toBeEnabled();

    await changeLanguage('fi');
    await within(bar).findByRole('button', { name: 'Kumoa' });
    expect(within(bar).getByRole('button', { name: 'Tee uudelleen' })).toBeEnabled();
  });
});
