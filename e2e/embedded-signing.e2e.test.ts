import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { draftWithSignee, openSendDialog } from './support/sending.ts';
import { drawSignature, waitForMail } from './support/signing.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';

/**
 * Embedded signing (issue #34 item 3): the example page of docs/integration.md "Embedded signing", served
 * from another origin (http://localhost:<port>, while Sinetti is http://127.0.0.1:<port>), frames the
 * signee's link; the signee signs inside the frame and the page receives `sinetti:signed`.
 */

const GUIDE = path.resolve(import.meta.dirname, '../docs/integration.md');
const OWNER = 'eero.embed@example.com';
const SIGNEE = 'siiri.site@example.com';

/** The guide's example page (the html block of its "Embedded signing" section). */
function examplePage(): string {
  const text = fs.readFileSync(GUIDE, 'utf8');
  const section = text.slice(text.indexOf('## Embedded signing'));
  const html = /```html\n([\s\S]*?)```/.exec(section)?.[1];
  if (!html) throw new Error('docs/integration.md "Embedded signing" has no html block');
  return html;
}

let shop: http.Server;
let shopOrigin = '';
let pageHtml = '';

useServerAndBrowser(() => shop?.close());

beforeAll(async () => {
  shop = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(pageHtml);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => shop?.close());

describe('embedded signing (issue 34 item 3)', () => {
  it('a page on another origin frames the signing page; the signee signs inside; the page hears signed', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const docId = await draftWithSignee(page, {
      owner: { email: OWNER, name: 'Eero Embed' },
      document: 'Framed lease',
      signee: { givenName: 'Siiri', familyName: 'Site', email: SIGNEE },
    });
    // The owner allows the shop's origin in Settings → Embedding.
    await page.goto('/settings/embedding');
    await page.getByLabel('Allowed origins').fill(shopOrigin);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Embedding origins saved.').waitFor();

    await page.goto(`/document/${docId}`);
    const dialog = await openSendDialog(page, SIGNEE);
    await dialog.getByRole('table', { name: 'Cost of the signatures' }).waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sent for signing' }).getByRole('button', { name: 'OK' }).click();

    const request = await waitForMail(server.url, SIGNEE, (m) => m.subject.startsWith('Signature request:'));
    const link = request.links.find((l) => l.includes('/public/sign/')) ?? '';
    const token = link.split('/public/sign/')[1] ?? '';
    pageHtml = examplePage()
      .replace("'https://sinetti.example.com'", JSON.stringify(server.url))
      .replace('THE-SIGNEE-LINK-TOKEN', token);

    const signeeContext = await newContext(browser, server.url);
    const shopPage = await signeeContext.newPage();
    await shopPage.goto(`${shopOrigin}/checkout`);
    const status = shopPage.getByRole('status');
    await expect.poll(() => status.textContent()).toBe('Waiting for your signature…');
    const frame = shopPage.frameLocator('#signing');
    await frame.getByRole('button', { name: 'Start signing' }).click();
    await frame.locator('canvas[data-page="1"][data-rendered]').waitFor();
    await frame.getByRole('button', { name: 'Send code by e-mail' }).click();
    const mail = await waitForMail(server.url, SIGNEE, (m) =>
      m.subject.startsWith('Your verification code is'),
    );
    const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
    await frame.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await frame.getByRole('button', { name: 'Verify' }).click();
    await frame.getByText('Your e-mail address is confirmed.').waitFor();
    // drawSignature finds the pad by role and draws with the mouse: the frame's pad, the page's mouse
    // (a frame's boxes are measured in the page's viewport).
    const signingFrame = shopPage.frames().find((f) => f.url().includes('/public/session/'));
    if (!signingFrame) throw new Error('no signing session inside the frame');
    const inFrame = { getByRole: signingFrame.getByRole.bind(signingFrame), mouse: shopPage.mouse };
    await drawSignature(inFrame as unknown as Page);
    await frame.getByLabel('I have read the document and sign it electronically').check();
    await frame.getByRole('button', { name: 'Sign', exact: true }).click();

    // The parent page heard `signed`, from Sinetti's origin, with the document's id.
    await shopPage.getByText(`Signed (document ${docId}). Thank you!`).waitFor();
    await frame.getByRole('heading', { name: 'Document signed' }).waitFor();
    await signeeContext.close();
    await context.close();
  });

  it('a page on an origin that is not listed cannot frame the signing page', async () => {
    const res = await fetch(`${server.url}/public/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, {
      headers: { accept: 'text/html' },
    });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
