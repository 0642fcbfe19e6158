import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document } from '@sinetti/contract';
import { mockApi, renderAt } from '../../../test/render-route';
import { signInAs } from '../../../test/utils';
import { FieldsCard } from './FieldsCard';

vi.mock('./FieldsEditor', () => ({
  default: ({ editable, fields }: { editable: boolean; fields: unknown[] }) => (
    <div data-testid="editor">{`${editable ? 'editable' : 'read-only'} ${fields.length}`}</div>
  ),
}));

const DOC_ID = '00000000-0000-4000-8000-00000000d201';
const document = { id: DOC_ID, type: 'contract', name: 'Lease', state: 1 } as Document;
const FIELD = {
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'signature',
  page: 1,
  x: 0.1,
  y: 0.1,
  width: 0.3,
  height: 0.06,
  signeeId: '00000000-0000-4000-8000-0000000000a1',
  role: null,
  required: true,
  label: '',
};

function serve(fields: unknown[], editable: boolean) {
  const reply = { status: 'OK', fields, editable };
  mockApi({ [`GET /api/documents/fields/${DOC_ID}`]: () => reply });
  return reply;
}

/** The document page's part: the document read again after a send comes in a new state. */
function Page() {
  const [current, setCurrent] = useState(document);
  return (
    <>
      <button type="button" onClick={() => setCurrent({ ...current, state: 2 })}>
        Sent
      </button>
      <FieldsCard document={current} />
    </>
  );
}

beforeEach(() => signInAs());
afterEach(() => vi.unstubAllGlobals());

describe('the fields card of the document page', () => {
  it('says there are none and opens the editor when the fields may be changed', async () => {
    serve([], true);
    renderAt(<FieldsCard document={document} />);
    expect(await screen.findByText('No fields: signatures go on the signature page.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Place fields' }));
    expect(await screen.findByTestId('editor')).toHaveTextContent('editable 0');
  });

  it('counts the fields and shows them read-only when they may not be changed', async () => {
    serve([FIELD], false);
    renderAt(<FieldsCard document={document} />);
    expect(await screen.findByText('1 field placed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place fields' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show fields' }));
    expect(await screen.findByTestId('editor')).toHaveTextContent('read-only 1');
  });

  it('offers nothing to open when there are no fields and they may not be changed', async () => {
    serve([], false);
    renderAt(<FieldsCard document={document} />);
    await screen.findByText('No fields: signatures go on the signature page.');
    expect(screen.queryByRole('button', { name: /fields/ })).toBeNull();
  });

  it('reads the fields again when the document changes state (sent: no longer editable)', async () => {
    const reply = serve([FIELD], true);
    renderAt(<Page />);
    await screen.findByRole('button', { name: 'Place fields' });
    reply.editable = false;
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    expect(await screen.findByRole('button', { name: 'Show fields' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place fields' })).toBeNull();
  });
});
