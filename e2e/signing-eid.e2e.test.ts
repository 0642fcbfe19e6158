import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot } from './support/browser.ts';
import { signUpWithOrganization, waitForPath } from './support/flows.ts';
import { openSendDialog, saveCardAndTopUp, uploadPdf } from './support/sending.ts';
import { drawSignature, signFromMail, waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

// Advanced and qualified signatures (issue #29): the server of this file runs the built-in TEST eID
// provider (/test-eid) and TEST CSC service (/test-csc), which stand in for the Finnish Trust Network and
// a QTSP.
useServerAndBrowser(undefined, { EID_TEST_PROVIDERS: 'on' });

const OWNER = 'olli.omistaja@example.com';
const ADVANCED = { given: 'Anna', family: 'Aalto', email: 'anna.aalto@example.com' };
const QUALIFIED = { given: 'Matti', family: 'Meikäläinen', email: 'matti.meikalainen@example.com' };
const SIMPLE = { given: 'Sari', family: 'Simppeli', email: 'sari.simppeli@example.com' };
const SESSION_PATH = /^\/public\/session\/[A-Za-z0-9_-]{43}$/;
const SUCCESS_PATH = /^\/public\/signing\/success\/[0-9a-f-]{36}$/;

/** Picks an option of one of the add-signee form's selects (Mantine Select: the input, then the option). */
async function choose(page: Page, label: string, option: string) {
  const form = page.getByRole('form', { name: 'Add signee' });
  await form.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  await expect.poll(() => form.getByRole('combobox', { name: label }).inputValue()).toBe(option);
}

async function addSignee(
  page: Page,
  who: { given: string; family: string; email: string },
  level?: 'Simple' | 'Qualified',
) {
  const panel = page.getByRole('region', { name: 'Signees' });
  const form = panel.getByRole('form', { name: 'Add signee' });
  await form.getByLabel('Given name').fill(who.given);
  await form.getByLabel('Family name').fill(who.family);
  await form.getByLabel('Email').fill(who.email);
  if (level) await choose(page, 'Level', level);
  await form.getByRole('button', { name: 'Add signee' }).click();
  await panel
    .getByRole('listitem')
    .filter({ hasText: `${who.given} ${who.family}` })
    .waitFor();
}

/** A signee opens the e-mailed link in a browser of their own and starts signing. */
async function startFromMail(email: string): Promise<Page> {
  const request = await waitForMail(server.url, email, (m) => m.subject.startsWith('Signature request:'));
  const link = request.links.find((l) => l.includes('/public/sign/'));
  expect(link).toBeTruthy();
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Start signing' }).click();
  await waitForPath(page, SESSION_PATH);
  await page.locator('canvas[data-page="1"][data-rendered]').waitFor();
  return page;
}

/** Draws and confirms the intent on the signing page. */
async function drawAndConfirm(page: Page) {
  await drawSignature(page);
  await page.getByLabel('I have read the document and sign it electronically').check();
}

/**
 * At the TEST CSC service until the signature is made: it asks to sign in as a TEST person and to
 * authorize the one signature with the code it shows (a real service sends it to the phone); between its
 * pages the browser passes Sinetti's return page. Ends on the result page.
 */
async function authorizeAtTestCsc(page: Page, person: RegExp) {
  for (let step = 0; step < 6; step += 1) {
    await page.waitForURL((url) => url.pathname.startsWith('/test-csc') || SUCCESS_PATH.test(url.pathname));
    if (SUCCESS_PATH.test(new URL(page.url()).pathname)) return;
    await page.locator('#otp, input[name=person]').first().waitFor();
    const left = page.waitForEvent('load');
    const otp = page.locator('#otp');
    if (await otp.isVisible()) {
      await page.getByLabel('One-time code').fill((await otp.textContent())?.trim() ?? '');
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
    } else {
      await page.getByRole('radio', { name: person }).check();
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await left;
  }
  throw new Error(`Still at ${page.url()} after six steps of the TEST CSC service.`);
}

describe('advanced and qualified signatures with the TEST eID and CSC providers (issue #29)', () => {
  it('the owner picks levels and methods; the eID signee identifies, the QTSP signee authorizes, all sign', async () => {
    const context = await newContext(browser, server.url);
    const owner = await context.newPage();
    await signUpWithOrganization(owner, OWNER, 'Olli Omistaja');
    await owner.goto('/settings/billing');
    await saveCardAndTopUp(owner);
    await owner.goto('/');
    await uploadPdf(owner, 'Lease 2026');

    // With an eID provider the default is SPEC's level 10 and its first method, a TEST stand-in.
    const form = owner.getByRole('form', { name: 'Add signee' });
    await expect.poll(() => form.getByRole('combobox', { name: 'Level' }).inputValue()).toBe('Advanced');
    await expect
      .poll(() => form.getByRole('combobox', { name: 'Signing method' }).inputValue())
      .toBe('FTN (FI)');
    await form.getByTestId('method-summary').getByText('TEST').waitFor();
    await addSignee(owner, ADVANCED);
    await addSignee(owner, QUALIFIED, 'Qualified');
    await addSignee(owner, SIMPLE, 'Simple');
    const rows = owner.getByRole('region', { name: 'Signees' }).getByRole('listitem');
    await rows.filter({ hasText: 'Anna Aalto' }).getByText('Advanced · FTN (FI)').waitFor();
    await rows
      .filter({ hasText: 'Matti Meikäläinen' })
      .getByText(/^Qualified · D-Trust sign-me/)
      .waitFor();
    await rows
      .filter({ hasText: 'Sari Simppeli' })
      .getByText(/^Simple · /)
      .waitFor();
    await screenshot(owner, 'eid-signees');

    const dialog = await openSendDialog(owner, SIMPLE.email);
    const cost = dialog.getByRole('table', { name: 'Cost of the signatures' });
    await cost.getByText('Advanced · FTN (FI)').waitFor();
    await cost.getByText(/^Qualified · D-Trust sign-me/).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Continue and show both names' }).isChecked()).toBe(true);
    await screenshot(owner, 'eid-send');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await owner.getByRole('dialog', { name: 'Sent for signing' }).getByRole('button', { name: 'OK' }).click();

    // The advanced signee: read → identify at the TEST eID → sign.
    const anna = await startFromMail(ADVANCED.email);
    await anna.getByRole('list', { name: 'Signing steps' }).getByText('Identify').waitFor();
    await anna.getByRole('button', { name: 'Identify with FTN (FI)' }).click();
    await anna.waitForURL((url) => url.pathname.startsWith('/test-eid'));
    await anna.getByRole('radio', { name: /Anna Aalto/ }).check();
    await anna.getByRole('button', { name: 'Identify' }).click();
    await waitForPath(anna, SESSION_PATH);
    await anna.getByText('Identified as Anna Aalto with FTN (FI)').waitFor();
    await drawAndConfirm(anna);
    await screenshot(anna, 'eid-identified');
    await anna.getByRole('button', { name: 'Sign', exact: true }).click();
    await waitForPath(anna, SUCCESS_PATH);
    await anna.getByRole('heading', { name: 'Document signed' }).waitFor();

    // The qualified signee: read → draw → authorize at the TEST CSC service, which signs.
    const matti = await startFromMail(QUALIFIED.email);
    await drawAndConfirm(matti);
    await matti.getByRole('button', { name: /^Sign with D-Trust sign-me/ }).click();
    await authorizeAtTestCsc(matti, /Matti Meikäläinen/);
    await waitForPath(matti, SUCCESS_PATH);
    await matti.getByRole('heading', { name: 'Document signed' }).waitFor();

    await signFromMail(browser, server.url, SIMPLE.email);

    // The owner sees who the eID identified, besides each signee's level and method.
    await owner.reload();
    const anne = owner
      .getByRole('region', { name: 'Signees' })
      .getByRole('listitem')
      .filter({ hasText: 'Anna Aalto' });
    await anne.getByText('Identified as Anna Aalto with FTN (FI)').waitFor();
    await owner
      .getByRole('region', { name: 'Signees' })
      .getByRole('listitem')
      .filter({ hasText: 'Matti Meikäläinen' })
      .getByText(/^Identified as Matti Meikäläinen with D-Trust sign-me/)
      .waitFor();
    await screenshot(owner, 'eid-signed');
    await context.close();
  });
});
