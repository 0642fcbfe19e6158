import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocx } from '../apps/server/test/fixtures/office.ts';
import { apiFrom } from './support/api.ts';
import { newContext, screenshot } from './support/browser.ts';
import { uploadThroughDialogs } from './support/documents.ts';
import { signUpWithOrganization } from './support/flows.ts';
import { saveCardAndTopUp } from './support/sending.ts';
import { mailTo, waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// Bulk send (issue #33 item 4; docs/decisions.md "Bulk send"): a template with a signee role and a field is
// sent to three people from a CSV, through the dialog's template, preview, start and progress.
useServerAndBrowser();

const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const TEMPLATE = makeDocx(
  `<w:p>${run('Lease agreement')}</w:p>` + `<w:p>${run('The tenant rents the flat {{flat}}.')}</w:p>`,
);

/** The header the dialog's CSV template must have: the role's three columns, the field, the name. */
const HEADER = 'Tenant email,Tenant first name,Tenant last name,flat,document name';

const TENANTS = [
  { email: 'aino.bulk@example.com', first: 'Aino', last: 'Aalto', flat: 'A 1' },
  { email: 'bertta.bulk@example.com', first: 'Bertta', last: 'Berg', flat: 'B 2' },
  { email: 'cecilia.bulk@example.com', first: 'Cecilia', last: 'Cedergren', flat: 'C 3' },
];
const BROKEN_EMAIL = 'cecilia.bulk@@example';
const documentName = (flat: string) => `Lease of flat ${flat}`;

/** The CSV's rows after `header`, the third tenant's address being `thirdEmail`. */
const csvOf = (header: string, thirdEmail: string) =>
  [
    header,
    ...TENANTS.map((t, i) =>
      [i === 2 ? thirdEmail : t.email, t.first, t.last, t.flat, documentName(t.flat)].join(','),
    ),
  ].join('\r\n') + '\r\n';

/** Cents of an amount as the English app writes it ("€1,234.50"). */
const cents = (money: string) => Math.round(Number(money.replace(/[€,]/g, '')) * 100);

describe('bulk send', () => {
  it('sends a template to the rows of a CSV: a bad row is shown and stops it, the fixed file is sent and charged', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-bulk-e2e-'));
    const file = path.join(dir, 'Lease template.docx');
    fs.writeFileSync(file, TEMPLATE);
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, 'paula.bulk@example.com', 'Paula Pohja');
    await page.goto('/settings/billing');
    await saveCardAndTopUp(page);
    await expect.poll(() => page.getByTestId('billing-balance').innerText()).toBe('€50.00');

    // A template with one signee role; its {{flat}} is its field.
    await page.goto('/');
    await uploadThroughDialogs(page, file, /^Template/, { prefilled: 'Lease template' });
    await page.getByRole('heading', { name: 'Lease template', level: 1 }).waitFor();
    const panel = page.getByRole('region', { name: 'Template' });
    await panel.getByRole('list', { name: 'Fields' }).getByText('Flat', { exact: false }).waitFor();
    await panel.getByRole('textbox', { name: 'Role', exact: true }).fill('Tenant');
    await panel.getByRole('button', { name: 'Add role' }).click();
    await panel.getByRole('list', { name: 'Signee roles' }).getByText('Tenant').waitFor();

    await page
      .getByRole('toolbar', { name: 'Document actions' })
      .getByRole('button', { name: 'Bulk send' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Bulk send' });
    // The CSV template the dialog saves: a UTF-8 byte order mark and the header for the role and field.
    const save = dialog.getByRole('button', { name: 'Save CSV template' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toBe('Lease template.csv');
    const saved = fs.readFileSync(await download.path(), 'utf8');
    expect(saved).toBe(`\ufeff${HEADER}\r\n`);
    const header = saved.replace(/^\ufeff/, '').trimEnd();

    // Uploaded with one address broken: the preview names that row's problem and offers no start.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'tenants.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csvOf(header, BROKEN_EMAIL)),
    });
    const rows = dialog.getByRole('textbox', { name: 'Rows (with the header row)' });
    await expect.poll(() => rows.inputValue()).toContain(BROKEN_EMAIL);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('2 of 3 rows can be sent.').waitFor();
    const table = dialog.getByRole('table', { name: 'Bulk send' });
    const broken = table.getByRole('row').filter({ hasText: BROKEN_EMAIL });
    await expect.poll(() => broken.innerText()).toContain('Tenant email: not a valid e-mail address');
    expect(await table.getByRole('row').filter({ hasText: 'not a valid' }).count()).toBe(1);
    await dialog.getByText('Fix the problems in the file and preview it again', { exact: false }).waitFor();
    const send = dialog.getByRole('button', { name: /^Send \d+ documents?$/ });
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'bulk-send-problems');

    // Fixed in the pasted rows: every row is fine, and the preview prices them against the balance.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await rows.fill(csvOf(header, TENANTS[2]!.email));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('3 of 3 rows can be sent.').waitFor();
    const status = dialog.getByRole('status');
    const cost = /Cost (€[\d,.]+) \((€[\d,.]+) per document\)\./.exec(await status.innerText());
    const balance = /Balance (€[\d,.]+); after sending (€[\d,.]+)\./.exec(await status.innerText());
    if (!cost || !balance)
      throw new Error(`The preview shows no cost or balance: ${await status.innerText()}`);
    const [, total = '', each = ''] = cost;
    const [, before = '', after = ''] = balance;
    expect(cents(total)).toBeGreaterThan(0);
    expect(cents(total)).toBe(3 * cents(each));
    expect(before).toBe('€50.00');
    expect(cents(after)).toBe(5000 - cents(total));
    await dialog.getByText('3 e-mails', { exact: false }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'not a valid' }).count()).toBe(0);
    await screenshot(page, 'bulk-send-preview');

    // Started: the progress view (read again while it runs) reaches three sent.
    await dialog.getByRole('button', { name: 'Send 3 documents' }).click();
    const progress = page.getByRole('dialog', { name: 'Bulk send of “Lease template”' });
    await progress
      .getByText('3 sent, 0 failed, 0 to go, of 3.')
      .waitFor({ timeout: 240_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `The bulk send did not reach 3 sent: ${await progress.innerText().catch(() => '?')}\n` +
            `${await server.diagnose()}\n${String(error)}`,
        );
      });
    await progress.getByText('Finished.').waitFor();
    for (const t of TENANTS) {
      await progress.getByRole('link', { name: documentName(t.flat) }).waitFor();
    }
    await screenshot(page, 'bulk-send-progress');

    // The three contracts are in the template's folder (the top level), out for signing.
    const list = await apiFrom(page, 'GET', '/documents/list');
    expect(list.status).toBe(200);
    const contracts = (list.json.documents as { name: string; type: string; state: number }[])
      .filter((d) => d.type === 'contract')
      .map((d) => ({ name: d.name, state: d.state }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(contracts).toEqual(TENANTS.map((t) => ({ name: documentName(t.flat), state: 20 })));

    // Each tenant got exactly one signing request, for their own contract; the broken address got none.
    for (const t of TENANTS) {
      await waitForMail(server.url, t.email, (m) => m.subject.startsWith('Signature request:'));
      const requests = (await mailTo(server.url, t.email)).filter((m) =>
        m.subject.startsWith('Signature request:'),
      );
      expect(requests.map((m) => m.subject)).toEqual([`Signature request: ${documentName(t.flat)}`]);
    }
    expect(await mailTo(server.url, BROKEN_EMAIL)).toEqual([]);

    // The balance dropped by the previewed total.
    // The dialog's own Close button (its corner × is named Close too, but has no text).
    await progress.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await progress.waitFor({ state: 'hidden' });
    await page.goto('/settings/billing');
    await expect.poll(() => page.getByTestId('billing-balance').innerText()).toBe(after);
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
