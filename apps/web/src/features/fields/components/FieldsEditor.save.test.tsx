import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/render-route';
import { SAVE, open, savedFields, serve, setUpEditorTests, textField } from '../test/editor';

// jsdom draws no PDF and measures nothing: a two-page PDF, pages as plain boxes, an area 800 px wide.
vi.mock('../../../components/toast', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/usePdfDocument', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/PdfPage', () => import('../test/editor-mocks'));
vi.mock('@mantine/hooks', async (original) => (await import('../test/editor-mocks')).mantineHooks(original));

setUpEditorTests();

describe('saving, leaving and reading fields (issue #33 item 1)', () => {
  it('deletes the focused field with Delete and saves the rest; the panel changes required and label', async () => {
    const other = {
      ...textField,
      id: '00000000-0000-4000-8000-0000000000f2',
      kind: 'checkbox' as const,
      page: 1,
    };
    const fetchMock = serve();
    open([textField, other]);
    const field = await screen.findByRole('button', { name: 'Text for Anna Aalto, page 2' });
    field.focus();
    fireEvent.keyDown(field, { key: 'Delete' });
    expect(screen.queryByRole('button', { name: 'Text for Anna Aalto, page 2' })).toBeNull();
    const box = screen.getByRole('button', { name: 'Checkbox for Anna Aalto, page 1' });
    fireEvent.focus(box);
    const panel = screen.getByTestId('field-panel');
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Required' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: /Label for the signee/ }), {
      target: { value: 'I agree' },
    });
    expect(await savedFields(fetchMock)).toEqual([{ ...other, required: false, label: 'I agree' }]);
  });

  it('names a 409 by its reason and a 400 by the field the server named', async () => {
    let reply: unknown = {
      status: 'ERROR',
      code: 'CONFLICT',
      reason: 'NOT_EDITABLE',
      message: 'Only drafts (English, never shown).',
    };
    const fetchMock = serve(() => reply);
    open([textField]);
    const field = await screen.findByRole('button', { name: 'Text for Anna Aalto, page 2' });
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The fields can no longer be changed: the document has been sent for signing or is no longer a draft.',
    );
    expect(screen.queryByText(/English, never shown/)).toBeNull();

    reply = {
      status: 'ERROR',
      code: 'VALIDATION_FAILED',
      message: 'Page 2 is beyond the PDF.',
      fields: { 'fields.0.page': 'Page 2 is beyond the PDF.' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Field 1 (Text, page 2) could not be saved: check its signee and place.',
      ),
    );
    expect(callsTo(fetchMock, SAVE)).toHaveLength(2);
  });

  it('asks before closing with unsaved changes', async () => {
    serve();
    const { onClose } = open([textField]);
    const field = await screen.findByRole('button', { name: 'Text for Anna Aalto, page 2' });
    fireEvent.keyDown(field, { key: 'Backspace' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is read-only when the server says the fields cannot be changed', async () => {
    serve();
    open([textField], false);
    const field = await screen.findByRole('button', { name: 'Text for Anna Aalto, page 2' });
    fireEvent.keyDown(field, { key: 'Delete' });
    expect(screen.getByRole('button', { name: 'Text for Anna Aalto, page 2' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Field kinds' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
