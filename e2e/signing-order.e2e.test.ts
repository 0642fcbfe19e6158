import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../apps/server/src/db/schema/index.ts';
import { newContext } from './support/browser.ts';
import { addSignee, draftWithSignee, openSendDialog, waitForSignedDownload } from './support/sending.ts';
import { mailTo, signFromMail, waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

const OWNER = 'sanni.sender@example.com';
const FIRST = { givenName: 'Aino', familyName: 'Aalto', email: 'aino.aalto@example.com' };
const SECOND = { givenName: 'Bertta', familyName: 'Berg', email: 'bertta.berg@example.com' };

const isRequest = (m: { subject: string }) => m.subject.startsWith('Signature request:');

/**
 * Waits until the server's worker has no job due or running: whatever sending queued (the request e-mails)
 * has been done, so a mail not there by then was not sent.
 */
async function jobsSettled() {
  await expect
    .poll(
      async () => {
        const open = await server.app.ctx.db
          .select({ status: jobs.status, runAt: jobs.runAt })
          .from(jobs)
          .where(inArray(jobs.status, ['queued', 'running']));
        return open.filter((j) => j.status === 'running' || j.runAt <= server.clock.now()).length;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(0);
}

describe('signing order journey (issue #33 item 3)', () => {
  it('signees in order: the second is e-mailed only once the first has signed, and the panel shows whose turn it is', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await draftWithSignee(page, {
      owner: { email: OWNER, name: 'Sanni Sender' },
      document: 'Board minutes 2026',
      signee: FIRST,
    });
    await addSignee(page, SECOND);

    // In order: switched on, the dialog puts them one after another in the list's order (Aino 1, Bertta 2).
    const dialog = await openSendDialog(page, SECOND.email);
    await dialog.getByRole('switch', { name: /Sign in order/ }).check();
    const first = dialog.getByRole('textbox', { name: 'Signing group of Aino Aalto' });
    const second = dialog.getByRole('textbox', { name: 'Signing group of Bertta Berg' });
    await first.fill('1');
    await second.fill('2');
    expect(await first.inputValue()).toBe('1');
    expect(await second.inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sent for signing' }).getByRole('button', { name: 'OK' }).click();

    // The panel: group 1 signs now, and Aino is the one on turn.
    const panel = page.getByRole('region', { name: 'Signees' });
    const list = panel.getByRole('list', { name: 'Signees' });
    await list.getByTestId('signing-turn').filter({ hasText: 'Now signing: group 1' }).waitFor();
    const aino = list.getByRole('listitem').filter({ hasText: 'Aino Aalto' });
    const bertta = list.getByRole('listitem').filter({ hasText: 'Bertta Berg' });
    await aino.getByTestId('signee-turn').filter({ hasText: 'Their turn' }).waitFor();
    expect(await aino.getByTestId('signee-group').textContent()).toBe('Group 1');
    expect(await bertta.getByTestId('signee-group').textContent()).toBe('Group 2');
    expect(await bertta.getByTestId('signee-turn').count()).toBe(0);

    // Aino's request came; Bertta has none, also once every job that sending queued has run.
    await waitForMail(server.url, FIRST.email, isRequest);
    await jobsSettled();
    expect((await mailTo(server.url, SECOND.email)).filter(isRequest)).toEqual([]);

    // Aino signs through the page; then Bertta is e-mailed, and it is her turn.
    await signFromMail(browser, server.url, FIRST.email);
    await waitForMail(server.url, SECOND.email, isRequest);
    await page.reload();
    await list.getByTestId('signing-turn').filter({ hasText: 'Now signing: group 2' }).waitFor();
    await bertta.getByTestId('signee-turn').filter({ hasText: 'Their turn' }).waitFor();
    expect(await aino.getByTestId('signee-turn').count()).toBe(0);

    // Bertta signs; the document is complete and its signed PDF can be downloaded.
    await signFromMail(browser, server.url, SECOND.email);
    await waitForSignedDownload(page);
    // Each was asked once: the order did not send Aino a second request or Bertta an early one.
    expect((await mailTo(server.url, FIRST.email)).filter(isRequest)).toHaveLength(1);
    expect((await mailTo(server.url, SECOND.email)).filter(isRequest)).toHaveLength(1);
    await context.close();
  });
});
