import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { Document, PlacedField } from '@sinetti/contract';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signInAs } from '../../../test/utils';
import FieldsEditor from '../components/FieldsEditor';

/**
 * The fields editor's test fixtures: a contract with two signees, its two-page PDF and the save call. The
 * test files mock pdf.js, the page canvas and the element size themselves (vi.mock is per file), with the
 * factories in editor-mocks.tsx.
 */
export const DOC_ID = '00000000-0000-4000-8000-00000000d101';
export const ANNA = '00000000-0000-4000-8000-0000000000a1';
export const BERT = '00000000-0000-4000-8000-0000000000b2';
export const SAVE = `PUT /api/documents/fields/${DOC_ID}`;
export const document = { id: DOC_ID, type: 'contract', name: 'Lease' } as Pick<
  Document,
  'id' | 'type' | 'name'
>;

const signee = (id: string, fullName: string) => ({
  id,
  fullName,
  givenName: fullName.split(' ')[0],
  familyName: fullName.split(' ')[1],
  email: `${id.slice(-2)}@example.com`,
  language: 'en',
  level: 1,
  method: 'host-email-sms',
  methodName: 'e-mail',
  identification: null,
  status: 'pending',
  group: 1,
  signedAt: null,
  isMe: false,
});

export function serve(
  save: (body: unknown) => unknown = (body) => ({ status: 'OK', editable: true, ...(body as object) }),
  more: Record<string, (body: unknown) => unknown> = {},
) {
  return mockApi({
    [`GET /api/documents/content/${DOC_ID}`]: () => ({
      status: 'OK',
      hash: 'h1',
      content: 'JVBERi0=',
      contentMimeType: 'application/pdf',
    }),
    [`GET /api/signing/signees/${DOC_ID}`]: () => ({
      status: 'OK',
      signees: [signee(ANNA, 'Anna Aalto'), signee(BERT, 'Bert Berg')],
      currentGroup: null,
      ordered: false,
      abilities: {},
    }),
    [SAVE]: save,
    ...more,
  });
}

export function open(fields: PlacedField[] = [], editable = true, doc = document) {
  const onClose = vi.fn();
  renderAt(<FieldsEditor document={doc} fields={fields} editable={editable} onClose={onClose} />);
  return { onClose };
}

export const textField: PlacedField = {
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'text',
  page: 2,
  x: 0.1,
  y: 0.2,
  width: 0.3,
  height: 0.035,
  signeeId: ANNA,
  role: null,
  required: true,
  label: '',
};

export async function savedFields(fetchMock: ReturnType<typeof serve>): Promise<PlacedField[]> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(callsTo(fetchMock, SAVE)).toHaveLength(1));
  return (callsTo(fetchMock, SAVE)[0] as { fields: PlacedField[] }).fields;
}

/** The hooks every editor test file needs: pointer capture jsdom lacks, a session, clean globals. */
export function setUpEditorTests() {
  beforeAll(() => {
    // jsdom has no pointer capture.
    Element.prototype.setPointerCapture = () => undefined;
    Element.prototype.releasePointerCapture = () => undefined;
    Element.prototype.hasPointerCapture = () => false;
  });
  beforeEach(() => signInAs());
  afterEach(() => {
    // The drag test's stand-in for layout (an own property over jsdom's).
    Reflect.deleteProperty(globalThis.document, 'elementsFromPoint');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
