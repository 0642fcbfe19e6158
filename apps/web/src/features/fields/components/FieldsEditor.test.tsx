import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ANNA,
  BERT,
  DOC_ID,
  document,
  open,
  savedFields,
  serve,
  setUpEditorTests,
  textField,
} from '../test/editor';

// jsdom draws no PDF and measures nothing: a two-page PDF, pages as plain boxes, an area 800 px wide.
vi.mock('../../../components/toast', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/usePdfDocument', () => import('../test/editor-mocks'));
vi.mock('../../../components/pdf/PdfPage', () => import('../test/editor-mocks'));
vi.mock('@mantine/hooks', async (original) => (await import('../test/editor-mocks')).mantineHooks(original));

setUpEditorTests();

describe('placing fields (issue #33 item 1)', () => {
  it('places a field by keyboard on page 2 for the chosen signee; arrows move it, Alt+arrows resize it', async () => {
    const fetchMock = serve();
    open();
    await screen.findByText('No fields: signatures go on the signature page.');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'For' })).toHaveValue('Anna Aalto'));
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    const page2 = screen.getByRole('group', { name: /^Page 2 of 2: press Enter/ });
    page2.focus();
    fireEvent.keyDown(page2, { key: 'Enter' });

    const field = await within(page2).findByRole('button', { name: 'Text for Anna Aalto, page 2' });
    expect(field).toHaveFocus();
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(field, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(field, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(field, { key: 'ArrowDown', ctrlKey: true });

    const [saved] = await savedFields(fetchMock);
    expect(saved).toMatchObject({
      kind: 'text',
      page: 2,
      signeeId: ANNA,
      role: null,
      required: true,
      label: '',
    });
    // Centred on the page (0.5 - 0.3 / 2, 0.5 - 0.035 / 2), then moved and resized by the keys.
    expect(saved?.x).toBeCloseTo(0.35 + 0.005, 6);
    expect(saved?.y).toBeCloseTo(0.4825 + 0.05, 6);
    expect(saved?.width).toBeCloseTo(0.305, 6);
    expect(saved?.height).toBeCloseTo(0.04, 6);
  });

  it('places by clicking the page where it is clicked, for the signee picked, and keeps it inside the page', async () => {
    const fetchMock = serve();
    open();
    const picker = await screen.findByRole('combobox', { name: 'For' });
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Bert Berg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Signature' }));
    const page1 = screen.getByRole('group', { name: /^Page 1 of 2/ });
    vi.spyOn(page1, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 800 }),
    );
    fireEvent.click(page1, { clientX: 590, clientY: 200 });

    await within(page1).findByRole('button', { name: 'Signature for Bert Berg, page 1' });
    const [saved] = await savedFields(fetchMock);
    expect(saved).toMatchObject({ kind: 'signature', page: 1, signeeId: BERT, width: 0.3, height: 0.06 });
    expect(saved?.x).toBeCloseTo(0.7, 6); // at the right edge, not beyond it
    expect(saved?.y).toBeCloseTo(0.25 - 0.03, 6);
  });

  it('drags a kind from the palette onto a page; the next kind is chosen by a click', async () => {
    const fetchMock = serve();
    open();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'For' })).toHaveValue('Anna Aalto'));
    const page1 = screen.getByRole('group', { name: 'Page 1 of 2' });
    vi.spyOn(page1, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 0, width: 600, height: 800 }),
    );
    // jsdom lays nothing out: the point where the pointer is let go is over page 1.
    globalThis.document.elementsFromPoint = () => [page1];
    const signature = screen.getByRole('button', { name: 'Signature' });
    fireEvent.pointerDown(signature, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(window, { clientX: 200, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 400, clientY: 240 });
    fireEvent.pointerUp(window, { clientX: 400, clientY: 240 });
    await within(page1).findByRole('button', { name: 'Signature for Anna Aalto, page 1' });

    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    expect(screen.getByRole('button', { name: 'Text' })).toHaveAttribute('aria-pressed', 'true');
    const [saved] = await savedFields(fetchMock);
    expect(saved).toMatchObject({ kind: 'signature', page: 1, signeeId: ANNA });
    expect(saved?.x).toBeCloseTo(0.5 - 0.15, 6);
    expect(saved?.y).toBeCloseTo(0.3 - 0.03, 6);
  });

  it("on a template, places a field for one of its signee roles (Use template gives it to the role's person)", async () => {
    const roles = vi.fn(() => ({ status: 'OK', fields: [], roles: ['Tenant'] }));
    const fetchMock = serve(undefined, { [`GET /api/documents/template-fields/${DOC_ID}`]: roles });
    open([], true, { ...document, type: 'template' });
    // The roles come first: the default is the first role.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'For' })).toHaveValue('Role: Tenant'));
    fireEvent.click(screen.getByRole('button', { name: 'Initials' }));
    const page1 = screen.getByRole('group', { name: /^Page 1 of 2: press Enter/ });
    fireEvent.keyDown(page1, { key: 'Enter' });
    await within(page1).findByRole('button', { name: 'Initials for Tenant, page 1' });
    const [saved] = await savedFields(fetchMock);
    expect(saved).toMatchObject({ kind: 'initials', page: 1, role: 'Tenant', signeeId: null });
    expect(roles).toHaveBeenCalled();
  });

  it('moves and resizes a field with the pointer, within the page', async () => {
    const fetchMock = serve();
    open([textField]);
    const page2 = await screen.findByRole('group', { name: 'Page 2 of 2' });
    vi.spyOn(page2, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 500, height: 1000 }),
    );
    const field = within(page2).getByRole('button', { name: 'Text for Anna Aalto, page 2' });
    fireEvent.pointerDown(field, { clientX: 100, clientY: 220, button: 0, pointerId: 1 });
    fireEvent.pointerMove(field, { clientX: 150, clientY: 320, pointerId: 1 });
    fireEvent.pointerUp(field, { pointerId: 1 });
    const handle = field.querySelector('[data-handle="resize"]') as HTMLElement;
    fireEvent.pointerDown(handle, { clientX: 250, clientY: 355, button: 0, pointerId: 2 });
    fireEvent.pointerMove(handle, { clientX: 2000, clientY: 375, pointerId: 2 });
    fireEvent.pointerUp(handle, { pointerId: 2 });

    const [saved] = await savedFields(fetchMock);
    expect(saved?.x).toBeCloseTo(0.2, 6);
    expect(saved?.y).toBeCloseTo(0.3, 6);
    expect(saved?.width).toBeCloseTo(0.8, 6); // stopped at the page's right edge
    expect(saved?.height).toBeCloseTo(0.055, 6);
  });
});
