import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAbilities } from '../../../test/abilities';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { doc, signIn } from '../test/fixtures';
import { TemplatePanel } from './TemplatePanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const template = doc({ name: 'Lease', type: 'template' });
const INFO = `GET /api/documents/info/${template.id}`;
const FIELDS = `GET /api/documents/template-fields/${template.id}`;
const ROLES = `PUT /api/documents/template-roles/${template.id}`;
const FIELD_LIST = [
  { name: 'tenant_name', type: 'text', default: null },
  { name: 'rent', type: 'number', default: '950' },
];

function serve(editSignees: boolean, roles: string[] = ['Tenant']) {
  let current = roles;
  return mockApi({
    [INFO]: () => ({ status: 'OK', document: template, abilities: makeAbilities({ editSignees }) }),
    [FIELDS]: () => ({ status: 'OK', fields: FIELD_LIST, roles: current }),
    [ROLES]: (body) => {
      current = (body as { roles: string[] }).roles;
      return { status: 'OK', roles: current };
    },
  });
}

describe('template panel (issue 13 item 4)', () => {
  it('lists the fields and roles, adds and removes roles for a member who may edit signees', async () => {
    const fetchMock = serve(true);
    renderAt(<TemplatePanel document={template} />);
    const fields = await screen.findByRole('list', { name: 'Fields' });
    expect(
      within(fields)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tenant name · text', 'Rent · number · default 950']);
    const roles = screen.getByRole('list', { name: 'Signee roles' });
    expect(within(roles).getByText('Tenant')).toBeInTheDocument();

    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: ' Landlord ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Signee roles' })).getByText('Landlord'),
      ).toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, ROLES)).toEqual([{ roles: ['Tenant', 'Landlord'] }]);
    expect(screen.getByLabelText('Role')).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the role Tenant' }));
    await waitFor(() => expect(callsTo(fetchMock, ROLES)).toHaveLength(2));
    expect(callsTo(fetchMock, ROLES)[1]).toEqual({ roles: ['Landlord'] });
  });

  it('is read-only without the editSignees ability, and says when there are no roles', async () => {
    serve(false, []);
    renderAt(<TemplatePanel document={template} />);
    await screen.findByText('No roles. Add one (e.g. Tenant) and Use template asks who signs in it.');
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(screen.queryByLabelText('Role')).toBeNull();
  });
});
