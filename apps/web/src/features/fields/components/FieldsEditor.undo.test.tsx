import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/render-route';
import { ANNA, SAVE, open, savedFields, serve, setUpEditorTests, textField } from '../test/editor';

// jsdom draws no PDF and measures nothing: a two-page PDF, pages as plain boxes, an area 800 px wide.
vi.mock('../../../components/toast', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/usePdfDocument', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/PdfPage', () => import('../test/editor-mocks'));
vi.mock('@mantine/hooks', async (original) => (await import('../test/editor-mocks')).mantineHooks(original));

setUpEditorTests();

const TEXT = 'Text for Anna Aalto, page 2';
const undoButton = () => screen.getByRole('button', { name: 'Undo' });
const redoButton = () => screen.getByRole('button', { name: 'Redo' });
/** Where a field's box is on its page, in percent. */
const at = (field: HTMLElement) => [parseFloat(field.style.left), parseFloat(field.style.top)];
const press = (key: string, more: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {}) =>
  fireEvent.keyDown(globalThis.document.activeElement ?? globalThis.document.body, { key, ...more });

describe('undo and redo in the fields editor', () => {
  it('takes back a drag as one step, a delete and an add; redoes; the buttons say when there is nothing', async () => {
    const fetchMock = serve();
    open([textField]);
    const page2 = await screen.findByRole('group', { name: 'Page 2 of 2' });
    vi.spyOn(page2, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 500, height: 1000 }),
    );
    expect(undoButton()).toBeDisabled();
    expect(redoButton()).toBeDisabled();

    // A drag through several points is one step.
    let field = within(page2).getByRole('button', { name: TEXT });
    fireEvent.pointerDown(field, { clientX: 100, clientY: 220, button: 0, pointerId: 1 });
    for (const x of [110, 120, 130, 150])
      fireEvent.pointerMove(field, { clientX: x, clientY: 320, pointerId: 1 });
    fireEvent.pointerUp(field, { pointerId: 1 });
    expect(at(field)[0]).toBeCloseTo(20, 6);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(undoButton());
    expect(at(field)[0]).toBeCloseTo(10, 6);
    expect(at(field)[1]).toBeCloseTo(20, 6);
    expect(undoButton()).toBeDisabled();
    expect(screen.queryByText('Unsaved changes')).toBeNull(); // back to what was saved
    fireEvent.click(redoButton());
    expect(at(field)).toEqual([expect.closeTo(20, 6), expect.closeTo(30, 6)]);
    expect(redoButton()).toBeDisabled();

    // Delete, then Ctrl+Z brings it back where it was; Ctrl+Shift+Z deletes it again; Ctrl+Y after Cmd+Z too.
    field.focus();
    fireEvent.keyDown(field, { key: 'Delete' });
    expect(within(page2).queryByRole('button', { name: TEXT })).toBeNull();
    press('z', { ctrlKey: true });
    field = within(page2).getByRole('button', { name: TEXT });
    expect(at(field)[0]).toBeCloseTo(20, 6);
    press('Z', { ctrlKey: true, shiftKey: true });
    expect(within(page2).queryByRole('button', { name: TEXT })).toBeNull();
    press('z', { metaKey: true });
    press('y', { ctrlKey: true });
    expect(within(page2).queryByRole('button', { name: TEXT })).toBeNull();
    press('z', { metaKey: true });

    // Adding a field is a step: undone it is gone, redone it is back.
    fireEvent.click(screen.getByRole('button', { name: 'Checkbox' }));
    const page1 = screen.getByRole('group', { name: /^Page 1 of 2: press Enter/ });
    fireEvent.keyDown(page1, { key: 'Enter' });
    await within(page1).findByRole('button', { name: 'Checkbox for Anna Aalto, page 1' });
    expect(redoButton()).toBeDisabled(); // a new change ends what could be redone
    fireEvent.click(undoButton());
    expect(within(page1).queryByRole('button', { name: /^Checkbox/ })).toBeNull();
    fireEvent.click(redoButton());
    within(page1).getByRole('button', { name: 'Checkbox for Anna Aalto, page 1' });

    const saved = await savedFields(fetchMock);
    expect(saved.map((f) => [f.kind, f.x, f.y])).toEqual([
      ['text', expect.closeTo(0.2, 6), expect.closeTo(0.3, 6)],
      ['checkbox', expect.closeTo(0.4825, 6), expect.closeTo(0.4875, 6)],
    ]);
    expect(saved[1]?.signeeId).toBe(ANNA);
  });

  it('takes back a held arrow key as one step, separate presses one by one', async () => {
    serve();
    open([textField]);
    const field = await screen.findByRole('button', { name: TEXT });
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    // Held: the first press, then the browser's repeats.
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    for (let i = 0; i < 5; i++) fireEvent.keyDown(field, { key: 'ArrowDown', repeat: true });
    expect(at(field)).toEqual([expect.closeTo(11, 6), expect.closeTo(23, 6)]);
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(at(field)).toEqual([expect.closeTo(11, 6), expect.closeTo(20, 6)]);
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(at(field)).toEqual([expect.closeTo(10.5, 6), expect.closeTo(20, 6)]);
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(at(field)).toEqual([expect.closeTo(10, 6), expect.closeTo(20, 6)]);
    expect(undoButton()).toBeDisabled();
  });

  it('leaves Ctrl+Z inside the label to the input; typing the label is one step; a save keeps the steps', async () => {
    const fetchMock = serve();
    open([textField]);
    fireEvent.focus(await screen.findByRole('button', { name: TEXT }));
    const panel = screen.getByTestId('field-panel');
    const label = within(panel).getByRole('textbox', { name: /Label for the signee/ });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Required' }));
    label.focus();
    for (const value of ['I', 'I a', 'I agree']) fireEvent.change(label, { target: { value } });
    fireEvent.keyDown(label, { key: 'z', ctrlKey: true });
    expect(label).toHaveValue('I agree');

    expect(await savedFields(fetchMock)).toEqual([{ ...textField, required: false, label: 'I agree' }]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(undoButton()).toBeEnabled();
    fireEvent.click(undoButton());
    expect(label).toHaveValue('');
    expect(within(panel).getByRole('checkbox', { name: 'Required' })).not.toBeChecked();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(undoButton());
    expect(within(panel).getByRole('checkbox', { name: 'Required' })).toBeChecked();
    expect(undoButton()).toBeDisabled();
  });

  it('keeps a change made while the save is under way, unsaved, instead of the reply', async () => {
    const fetchMock = serve();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await held;
      return fetchMock(input, init);
    });
    open([textField]);
    const field = await screen.findByRole('button', { name: TEXT });
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    release();
    await waitFor(() => expect(callsTo(fetchMock, SAVE)).toHaveLength(1));
    expect(callsTo(fetchMock, SAVE)[0]).toEqual({ fields: [{ ...textField, x: 0.105 }] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(at(field)).toEqual([expect.closeTo(10.5, 6), expect.closeTo(20.5, 6)]);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(undoButton());
    expect(screen.queryByText('Unsaved changes')).toBeNull(); // back to what the server has
  });
});
