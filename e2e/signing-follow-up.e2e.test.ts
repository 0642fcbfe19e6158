import { describe, expect, it } from 'vitest';
import { runFollowUp } from '../apps/server/src/commands/signing/follow-up-job.ts';
import { newContext } from './support/browser.ts';
import { pathOf, signInWithLocalProvider, waitForPath } from './support/flows.ts';
import { draftWithSignee, openSendDialog } from './support/sending.ts';
import { waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

const OWNER = 'saara.sender@example.com';
const SIGNEE = 'pekka.pending@example.com';
const DAY = 24 * 3600_000;

describe('follow-up journey (issue 12 items 6 and 7)', () => {
  it('sends with a message and an expiry, reminds, and the expired round ends with a refund', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const docId = await draftWithSignee(page, {
      owner: { email: OWNER, name: 'Saara Sender' },
      document: 'Offer 2026',
      signee: { givenName: 'Pekka', familyName: 'Pending', email: SIGNEE },
    });

    // The dialog prices the signee and shows the balance after sending, from the server.
    const dialog = await openSendDialog(page, SIGNEE);
    const cost = dialog.getByRole('table', { name: 'Cost of the signatures' });
    await cost.getByText('Balance after sending').waitFor();
    const rows = await cost.getByRole('row').allTextContents();
    expect(rows.some((r) => r.startsWith('Balance now€50.00'))).toBe(true);
    await dialog.getByLabel('Message to signees (optional)').fill('Please sign <b>before</b> Friday.');
    const day = dialog.getByLabel('Open until');
    const tomorrow = await day.getAttribute('min');
    await day.fill(tomorrow ?? '');
    await dialog.getByLabel('Automatic reminders').selectOption({ label: 'Every day' });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sent for signing' }).getByRole('button', { name: 'OK' }).click();

    const request = await waitForMail(server.url, SIGNEE, (m) => m.subject.startsWith('Signature request:'));
    expect(request.text).toContain('Please sign <b>before</b> Friday.');
    const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';

    // Remind: once, then the rate limit says from when it is possible again.
    const panel = page.getByRole('region', { name: 'Signees' });
    const remind = panel.getByRole('button', { name: 'Remind Pekka Pending' });
    await remind.click();
    await page.getByText('Reminder sent.').waitFor();
    const reminder = await waitForMail(server.url, SIGNEE, (m) => m.subject.startsWith('Reminder:'));
    expect(reminder.text).toContain('Please sign <b>before</b> Friday.');
    await remind.click();
    await page.getByText(/Reminded a short while ago\. You can remind again from /).waitFor();

    // Past the expiry day: the periodic job (run here with the server's moved clock) ends the round.
    server.clock.advance(2 * DAY);
    await runFollowUp(server.app.ctx);
    const expired = await waitForMail(server.url, SIGNEE, (m) =>
      m.subject.startsWith('Signature request expired:'),
    );
    expect(expired.text).toContain('Offer 2026');
    const signee = await (await newContext(browser, server.url)).newPage();
    await signee.goto(link);
    await signee.getByRole('heading', { name: 'Signing has expired' }).waitFor();

    // The owner (signed in again: two days passed) finds the document a draft again and the balance refunded.
    // The reload meets the expired session, unless a poll of the open page (signing progress, unread
    // notifications) met it first: that poll went to /session-expired and cleared the session (SPEC §2.2),
    // and the reload then lands on sign-in.
    await page.goto('/');
    await waitForPath(page, /^\/(session-expired|signin)$/);
    if (pathOf(page) === '/session-expired') {
      await page
        .getByRole('link', { name: 'Sign in again' })
        .or(page.getByRole('button', { name: 'Sign in again' }))
        .click();
    }
    await signInWithLocalProvider(page, OWNER, 'Saara Sender');
    await waitForPath(page, '/');
    await page.goto(`/document/${docId}`);
    await page.getByRole('button', { name: 'Send for signing' }).waitFor({ timeout: 30_000 });
    await page.goto('/settings/billing');
    await page.getByRole('region', { name: 'Balance' }).getByText('€50.00').waitFor();
    await context.close();
  });
});
