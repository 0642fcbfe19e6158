import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { signIn } from '../test/fixtures';
import { PricingSection } from './PricingSection';

beforeEach(() => signIn());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const prices = () => ({
  status: 'OK',
  currency: 'EUR',
  plan: 'basic',
  methods: [
    { id: 'ee-id-card', name: 'ID card (EE)', level: 'advanced', value: 100 },
    { id: 'smart-id', name: 'Smart-ID', level: 'qualified', value: 160 },
    { id: 'usb-token-1', name: 'USB token 1', level: null, value: null },
    { id: 'host-email-sms', name: 'sinetti.example', level: 'simple', value: 45 },
  ],
});

describe('signature pricing (SPEC §9)', () => {
  it('lists each method with its price on the plan and - when it has none', async () => {
    mockApi({ 'GET /api/plan/prices': prices });
    renderAt(<PricingSection />);
    const table = await screen.findByRole('table', { name: 'Signature prices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['ID card (EE)', 'Advanced', '€1.00'],
      ['Smart-ID', 'Qualified', '€1.60'],
      ['USB token 1', '-', '-'],
      [
        "sinetti.exampleThis service's own signing: the signer confirms with a one-time code sent by e-mail.",
        'Simple',
        '€0.45',
      ],
    ]);
    expect(screen.getByText(/on your organization's plan \(Basic\)/)).toBeInTheDocument();
  });

  it('writes prices the Finnish way', async () => {
    await changeLanguage('fi');
    mockApi({ 'GET /api/plan/prices': prices });
    renderAt(<PricingSection />);
    const cell = await screen.findByText((_, el) => el?.tagName === 'TD' && el.textContent === '1,60\u00a0€');
    expect(cell).toBeInTheDocument();
  });
});
