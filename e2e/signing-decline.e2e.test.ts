import { describe, expect, it } from 'vitest';
import { expectAccessible, unstyledMantineClasses } from './support/a11y.ts';
import { newContext } from './support/browser.ts';
import { draftWithSignee, openSendDialog } from './support/sending.ts';
import { waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

const OWNER = 'dora.decline@example.com';
const SIGNEE = 'niko.no@example.com';
const REASON = 'The price on page 2 is wrong.';

describe('decline journey (issue 12 item 4)', () => {
  it('the signee declines with a reason; the sender is e-mailed, the document is a draft, the balance refunded', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const docId = await draftWithSignee(page, {
      owner: { email: OWNER, name: 'Dora Decline' },
      document: 'Quote 2026',
      signee: { givenName: 'Niko', familyName: 'No', email: SIGNEE },
    });
    const dialog = await openSendDialog(page, SIGNEE);
    await dialog.getByRole('table', { name: 'Cost of the signatures' }).waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sent for signing' }).getByRole('button', { name: 'OK' }).click();
    await page.goto('/settings/billing');
    const balance = page.getByRole('region', { name: 'Balance' });
    // Charged on sending: the balance is below the €50.00 topped up.
    await expect
      .poll(async () => (await balance.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/€(?!50\.00)\d+\.\d\d/);

    // The signee opens the e-mailed link and declines with a reason.
    const request = await waitForMail(server.url, SIGNEE, (m) => m.subject.startsWith('Signature request:'));
    const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';
    const signeeContext = await newContext(browser, server.url);
    const signee = await signeeContext.newPage();
    await signee.goto(link);
    await signee.getByRole('button', { name: 'Decline to sign' }).click();
    const decline = signee.getByRole('dialog', { name: 'Decline to sign' });
    await decline.getByLabel('Reason').fill(REASON);
    // The dialog is styled (the public root loads Mantine's styles per component) and accessible.
    expect(await unstyledMantineClasses(signee, 'decline dialog')).toEqual([]);
    await expectAccessible(signee, 'decline dialog');
    await decline.getByRole('button', { name: 'Decline', exact: true }).click();
    await signee.getByRole('heading', { name: 'Signing declined' }).waitFor();

    // The sender gets the reason by e-mail; the document is a draft again and the charge is refunded.
    const notice = await waitForMail(server.url, OWNER, (m) => m.subject.startsWith('Signing declined:'));
    expect(notice.subject).toContain('Quote 2026');
    expect(notice.text).toContain(REASON);
    await page.goto(`/document/${docId}`);
    await page.getByRole('button', { name: 'Send for signing' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('signee-declined').filter({ hasText: REASON }).waitFor();
    await page.goto('/settings/billing');
    await page.getByRole('region', { name: 'Balance' }).getByText('€50.00').waitFor();
    await signeeContext.close();
    await context.close();
  });
});
