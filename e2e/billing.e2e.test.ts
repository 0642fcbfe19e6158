import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

/** A new user signs in and creates the organization "Acme Oy" without invites. */
/** Saves a card on the sandbox provider's page and comes back through the card-payment return route. */
async function saveCard(page: Page, number: string) {
  await page.getByRole('button', { name: /Add payment method|Replace card/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment method' });
  await dialog.getByText('TEST MODE').waitFor();
  await dialog.getByRole('button', { name: 'Continue to the card payment provider' }).click();
  await waitForPath(page, /^\/sandbox-pay\/setup\//);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await waitForPath(page, '/payment-return/sandbox/saved');
  await page.getByText('Your card was saved.').waitFor();
  // SPEC §2.1: on to /settings/billing after 2.5 s.
  await page.waitForURL((url) => url.pathname === '/settings/billing', { timeout: 6_000 });
}

async function addBalance(page: Page, amount: string) {
  await page.getByRole('region', { name: 'Balance' }).getByRole('button', { name: 'Add balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add balance' });
  await dialog.getByLabel('Amount (EUR)').fill(amount);
  await dialog.getByRole('button', { name: 'Add balance' }).click();
  return dialog;
}

describe('billing journey', () => {
  it('adds a card and balance, sees the transaction, meets a declined card, lists the prices', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'olli.omistaja@example.com', 'Olli Omistaja');

    await page.getByRole('link', { name: 'Organization settings' }).click();
    await waitForPath(page, '/settings');
    await page.getByRole('link', { name: 'Billing' }).click();
    await waitForPath(page, '/settings/billing');
    await page.getByText('No payment method has been saved yet.', { exact: false }).waitFor();

    await saveCard(page, '4242 4242 4242 4242');
    await page.getByText('Visa ending in 4242').waitFor();

    const dialog = await addBalance(page, '25');
    await page.getByText('€25.00 was added to the balance.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('billing-balance').innerText()).toBe('€25.00');
    const history = page.getByRole('table', { name: 'Transaction history' });
    const row = history.getByRole('row').filter({ hasText: 'Balance top-up' });
    await expect.poll(() => row.innerText()).toContain('+€25.00');
    expect(await history.getByRole('row').count()).toBe(2);
    await expect.poll(() => page.getByTestId('navigation-balance').innerText()).toBe('Balance €25.00');
    await screenshot(page, 'billing');

    // A card whose every charge is declined (sandbox test card).
    await saveCard(page, '4000 0000 0000 0002');
    await page.getByText('Visa ending in 0002').waitFor();
    await addBalance(page, '10');
    await page.getByText('The card was declined', { exact: true }).waitFor();
    // The app's own words, not the provider's English message.
    await page.getByText('The card was declined. Nothing was charged.', { exact: true }).waitFor();
    await page.getByRole('dialog', { name: 'Add balance' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('billing-balance').innerText()).toBe('€25.00');
    expect(await history.getByRole('row').count()).toBe(2);

    await page.getByRole('link', { name: 'Signature Pricing' }).click();
    await waitForPath(page, '/settings/pricing');
    const prices = page.getByRole('table', { name: 'Signature prices' });
    await prices.waitFor();
    expect(await prices.locator('tbody tr').count()).toBe(28);
    await screenshot(page, 'pricing');
    await context.close();
  });
});
