import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unstyledMantineClasses } from './support/a11y.ts';
import { newContext } from './support/browser.ts';
import { waitForPath } from './support/flows.ts';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { draftWithSignee, sendForSigning } from './support/sending.ts';
import { drawSignature, pdfToText, waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

useServerAndBrowser();

const OWNER = 'tuula.tilaaja@example.com';
const SIGNEE = 'ville.virtanen@example.com';
const DOCUMENT = 'Vuokrasopimus 2026';

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * The sender adds a Finnish signee, then works in Finnish (saved on the account): the round, its e-mails
 * and the signature page are Finnish.
 */
async function sendInFinnish(page: Page): Promise<void> {
  const docId = await draftWithSignee(page, {
    owner: { email: OWNER, name: 'Tuula Tilaaja' },
    document: DOCUMENT,
    signee: { givenName: 'Ville', familyName: 'Virtanen', email: SIGNEE, language: 'Suomi' },
  });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await waitForPath(page, /^\/profile/);
  // The combobox: the signee form's Language select (closed, its list kept in the page) has that label too.
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Suomi' }).click();
  await expect.poll(() => htmlLang(page)).toBe('fi');

  await page.goto(`/document/${docId}`);
  await page.getByRole('button', { name: 'Lähetä allekirjoitettavaksi' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Lähetä allekirjoitettavaksi' });
  await dialog.getByRole('table', { name: 'Allekirjoitusten hinta' }).getByText(SIGNEE).waitFor();
  await dialog.getByRole('button', { name: 'Lähetä', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Lähetetty allekirjoitettavaksi' })
    .getByRole('button', { name: 'OK' })
    .click();
}

describe('a Finnish signee (issue 12 item 3)', () => {
  it('reads Finnish from the e-mail on: start page (even in an English browser), session, code e-mail, result', async () => {
    const context = await newContext(browser, server.url);
    await sendInFinnish(await context.newPage());

    const request = await waitForMail(server.url, SIGNEE, (m) =>
      m.subject.startsWith('Allekirjoituspyyntö:'),
    );
    expect(request.subject).toBe(`Allekirjoituspyyntö: ${DOCUMENT}`);
    const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';

    // The link's round names the e-mail's language, and it wins over the browser's: an English
    // browser still starts in Finnish, before any click.
    const english = await newContext(browser, server.url, 'en-US');
    const first = await english.newPage();
    await first.goto(link);
    await first.getByRole('heading', { name: 'Allekirjoita asiakirja' }).waitFor();
    expect(await htmlLang(first)).toBe('fi');
    await english.close();

    // The signee's own Finnish browser, from the first page on.
    const finnish = await newContext(browser, server.url, 'fi-FI');
    const page = await finnish.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Allekirjoita asiakirja' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');
    // The signee's pages run in the public root, not the app (issue 12 item 8).
    expect(scripts.some((s) => /\/assets\/public-boot-/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/boot-/.test(s))).toEqual([]);

    // The session, the code e-mail and the result stay Finnish.
    await page.getByRole('button', { name: 'Aloita allekirjoitus' }).click();
    await waitForPath(page, /^\/public\/session\/[A-Za-z0-9_-]{43}$/);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fi');
    await page.locator('canvas[data-page="1"][data-rendered]').waitFor();
    await page.getByRole('button', { name: 'Lähetä koodi sähköpostiin' }).click();
    // The page says the code went out (so a missing e-mail below is the server's, not the click's).
    await page.getByText(/^Koodi lähetettiin\./).waitFor();
    const mail = await waitForMail(server.url, SIGNEE, (m) => m.subject.startsWith('Vahvistuskoodisi on'));
    await page.getByRole('textbox', { name: 'Vahvistuskoodi' }).fill(/(\d{6})/.exec(mail.subject)?.[1] ?? '');
    await page.getByRole('button', { name: 'Vahvista' }).click();
    await page.getByText('Sähköpostiosoitteesi on vahvistettu.').waitFor();
    await drawSignature(page, 'Allekirjoituksen piirtoalue');
    await page.getByLabel('Olen lukenut asiakirjan ja allekirjoitan sen sähköisesti').check();
    // Every part of the signing page is styled (the public root loads Mantine's styles per component).
    expect(await unstyledMantineClasses(page, 'signing page')).toEqual([]);
    // The result page follows in the same page (no load), so its header still names the document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: 'Allekirjoita', exact: true }).click();
    await waitForPath(page, /^\/public\/signing\/success\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Asiakirja allekirjoitettu' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect.poll(() => page.getByTestId('public-header-names').textContent()).toContain(DOCUMENT);
    expect(scripts.filter((s) => /\/assets\/boot-/.test(s))).toEqual([]);

    // The last signature seals the document: the completion e-mail is Finnish too.
    const done = await waitForMail(server.url, SIGNEE, (m) =>
      m.subject.startsWith('Asiakirja allekirjoitettu:'),
    );
    expect(done.subject).toContain(DOCUMENT);
    await finnish.close();
    await context.close();
  });
});

const SENDER = 'erin.english@example.com';
const AINO = 'aino.aalto@example.com';
const LEASE = 'Lease 2027';

describe('an English sender’s Finnish signee (issue #31 item 2)', () => {
  it('reads Finnish from the e-mail to the PDF; the public pages switch between English and Suomi', async () => {
    const context = await newContext(browser, server.url);
    const sender = await context.newPage();
    await draftWithSignee(sender, {
      owner: { email: SENDER, name: 'Erin English' },
      document: LEASE,
      signee: { givenName: 'Aino', familyName: 'Aalto', email: AINO, language: 'Suomi' },
    });
    await sendForSigning(sender, AINO);
    await sender.getByRole('dialog', { name: 'Sent for signing' }).waitFor();

    const request = await waitForMail(server.url, AINO, (m) => m.subject.startsWith('Allekirjoituspyyntö:'));
    expect(request.subject).toBe(`Allekirjoituspyyntö: ${LEASE}`);
    const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';

    // An English browser: the page starts in the signee's Finnish; the switch shows it in English and back.
    const visitor = await newContext(browser, server.url, 'en-US');
    const page = await visitor.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Allekirjoita asiakirja' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');
    const switcher = page.getByRole('radiogroup', { name: 'Sivun kieli' });
    await switcher.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign the document' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    // By keyboard: the checked radio takes the focus, an arrow key picks the other language.
    await page.getByRole('radio', { name: 'English' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Allekirjoita asiakirja' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');

    await page.getByRole('button', { name: 'Aloita allekirjoitus' }).click();
    await waitForPath(page, /^\/public\/session\/[A-Za-z0-9_-]{43}$/);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fi');
    await page.locator('canvas[data-page="1"][data-rendered]').waitFor();
    await page.getByRole('button', { name: 'Lähetä koodi sähköpostiin' }).click();
    await page.getByText(/^Koodi lähetettiin\./).waitFor();
    const code = await waitForMail(server.url, AINO, (m) => m.subject.startsWith('Vahvistuskoodisi on'));
    await page.getByRole('textbox', { name: 'Vahvistuskoodi' }).fill(/(\d{6})/.exec(code.subject)?.[1] ?? '');
    await page.getByRole('button', { name: 'Vahvista' }).click();
    await page.getByText('Sähköpostiosoitteesi on vahvistettu.').waitFor();
    await drawSignature(page, 'Allekirjoituksen piirtoalue');
    await page.getByLabel('Olen lukenut asiakirjan ja allekirjoitan sen sähköisesti').check();
    await page.getByRole('button', { name: 'Allekirjoita', exact: true }).click();
    await page.getByRole('heading', { name: 'Asiakirja allekirjoitettu' }).waitFor();

    // The signed PDF: the completion e-mail is Finnish, and so is the signature page and Aino's stamp.
    const done = await waitForMail(server.url, AINO, (m) =>
      m.subject.startsWith('Asiakirja allekirjoitettu:'),
    );
    const signedLink = done.links.find((l) => l.includes('/public/signed/')) ?? '';
    const token = signedLink.split('/public/signed/')[1] ?? '';
    const reply = await fetch(`${server.url}/api/signing/download/${token}`, {
      headers: { 'application-id': 'Frontend' },
    });
    expect(reply.status).toBe(200);
    const source = ((await reply.json()) as { source: string }).source;
    const file = path.join(os.tmpdir(), `sinetti-e2e-${process.pid}-finnish-signee.pdf`);
    await writeFile(file, Buffer.from(source.split(',')[1] ?? '', 'base64'));
    const text = await pdfToText(file).finally(() => rm(file, { force: true }));
    expect(text).toContain('Allekirjoitukset');
    expect(text).toContain('Sähköisesti allekirjoitettu');
    expect(text).not.toContain('Electronically signed');
    await visitor.close();
    await context.close();
  });
});
