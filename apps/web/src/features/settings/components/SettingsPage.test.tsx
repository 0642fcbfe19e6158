import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@sinetti/contract';
import { encodePathParam } from '../../../lib/path-param';
import { sessionStore } from '../../../lib/session';
import { mockApi, renderAt } from '../../../test/render-route';
import { ORG_ACME, ORG_PERSONAL, makeAccount } from '../../../test/utils';
import { SettingsPage } from './SettingsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECTIONS = {
  information: () => <p>Information body</p>,
  users: () => <p>Users body</p>,
  permissions: () => <p>Roles body</p>,
  billing: () => <p>Billing body</p>,
  'api-keys': () => <p>API keys body</p>,
  webhooks: () => <p>Webhooks body</p>,
  embedding: () => <p>Embedding body</p>,
  pricing: () => <p>Pricing body</p>,
};

function openSettings(url: string, { org = ORG_ACME, permissions = [] as number[], isOwner = false } = {}) {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status: 'OK',
    selectedOrganization: org,
    lastBalance: null,
  });
  const account: Account = makeAccount({ selectedOrganization: org });
  mockApi({
    'GET /api/authentication/accounts': () => ({ status: 'OK', account }),
    'GET /api/privileges/account-roles': () => ({ status: 'OK', isOwner, permissions, keys: [], roles: [] }),
  });
  return renderAt(<SettingsPage sections={SECTIONS} />, { path: '/settings/:page?/:subPage?', url });
}

const menuLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Organization settings' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

const ALL = [2, 3, 4, 5, 6, 8, 9, 11, 12, 14, 15, 16, 18, 19, 20, 22, 23, 25, 26];

describe('settings frame (SPEC §2.5, §6)', () => {
  it('opens Information by default with the organization name, for the owner every page', async () => {
    openSettings('/settings', { permissions: ALL, isOwner: true });
    expect(await menuLinks()).toEqual([
      'Information',
      'Users',
      'Roles & Permissions',
      'API keys',
      'Webhooks',
      'Embedding',
      'Billing',
      'Signature Pricing',
    ]);
    expect(screen.getByRole('heading', { name: 'Information' })).toBeInTheDocument();
    expect(screen.getAllByText('Acme Oy').length).toBeGreaterThan(0);
    expect(screen.getByText('Information body')).toBeInTheDocument();
  });

  it('hides Users and Roles & Permissions in a personal workspace', async () => {
    openSettings('/settings/users', { org: ORG_PERSONAL, permissions: ALL, isOwner: true });
    expect(await menuLinks()).toEqual([
      'Information',
      'API keys',
      'Webhooks',
      'Embedding',
      'Billing',
      'Signature Pricing',
    ]);
    expect(screen.getByText('Not available in a personal workspace')).toBeInTheDocument();
  });

  it('hides Billing from a member who is not the owner and refuses it when opened', async () => {
    openSettings('/settings/billing', { permissions: [2, 3, 4, 5] });
    expect(await menuLinks()).toEqual(['Information', 'Users', 'Roles & Permissions', 'Signature Pricing']);
    expect(screen.getByText("You don't have access to this section")).toBeInTheDocument();
    expect(screen.getByText('Only the owner of Acme Oy can open this section.')).toBeInTheDocument();
    expect(screen.queryByText('Billing body')).not.toBeInTheDocument();
  });

  it('needs the permission for each page; Pricing is open to all', async () => {
    openSettings('/settings/permissions', { permissions: [] });
    expect(await menuLinks()).toEqual(['Signature Pricing']);
    expect(screen.getByText("You don't have access to this section")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Signature Pricing' }));
    expect(await screen.findByText('Pricing body')).toBeInTheDocument();
  });

  it('shows the billing page to the owner and keeps back in the menu links', async () => {
    const back = encodePathParam('/documents/42');
    openSettings(`/settings/billing?back=${back}`, { permissions: ALL, isOwner: true });
    expect(await screen.findByText('Billing body')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signature Pricing' })).toHaveAttribute(
      'href',
      `/settings/pricing?back=${back}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/documents/42');
  });

  it('sends unknown pages and sub-pages to /page-not-found; permissions/edit exists', async () => {
    const first = openSettings('/settings/whatever', { permissions: ALL, isOwner: true });
    expect(await screen.findByTestId('location')).toHaveTextContent('/page-not-found');
    first.unmount();
    const second = openSettings('/settings/billing/edit', { permissions: ALL, isOwner: true });
    expect(await screen.findByTestId('location')).toHaveTextContent('/page-not-found');
    second.unmount();
    openSettings('/settings/permissions/edit', { permissions: ALL, isOwner: true });
    expect(await screen.findByRole('heading', { name: 'Roles & Permissions' })).toBeInTheDocument();
  });
});
