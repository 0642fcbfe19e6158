// Issue #33 item 2, end to end: fields placed for two signees on two pages are filled on a phone through
// the signing page's walk, and the signed PDF has each value and signature inside its field, under
// signatures that pdfsig and mutool validate.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inkIn, shownRect, textInside, wordsOn } from '../apps/server/test/fields-pdf-helper.ts';
import { mutoolVerify } from '../apps/server/test/pdf-openssl.ts';
import { removeTempDirs } from '../apps/server/test/pdf-fixtures.ts';
import { apiFrom, uploadFrom } from './support/api.ts';
import { newContext } from './support/browser.ts';
import { signUpWithOrganization } from './support/flows.ts';
import { browser, server, useServerAndBrowser } from './support/journey.ts';
import { saveCardAndTopUp } from './support/sending.ts';
import { pdfsig } from './support/signing.ts';
import { signOnPhone, type Person } from './support/fields-signing.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-fields-e2e-'));
useServerAndBrowser(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  void removeTempDirs();
});

const OWNER = 'olli.omistaja@example.com';
/** A4 in points: the pages of the contract, as shown (no rotation). */
const PAGE = { width: 595.28, height: 841.89 };

/** A two-page contract with a heading on each page and nothing where the fields go. */
async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const heading of ['Lease agreement, page one', 'Lease agreement, page two']) {
    doc.addPage([PAGE.width, PAGE.height]).drawText(heading, { x: 60, y: 780, size: 18, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const LIISA: Person = { givenName: 'Liisa', familyName: 'Laine', email: 'liisa.laine@example.com' };
const MATTI: Person = { givenName: 'Matti', familyName: 'Virtanen', email: 'matti.virtanen@example.com' };

type Kind = 'signature' | 'text' | 'checkbox' | 'date';
interface Placed {
  id: string;
  kind: Kind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
}

const place = (
  kind: Kind,
  page: number,
  x: number,
  y: number,
  width: number,
  height: number,
  label = '',
) => ({
  id: randomUUID(),
  kind,
  page,
  x,
  y,
  width,
  height,
  label,
});

/** Each signee has a signature, a text and a checkbox, spread over both pages; Liisa also a date. */
const FIELDS = {
  liisa: {
    text: place('text', 1, 0.1, 0.2, 0.45, 0.04, 'Apartment number'),
    checkbox: place('checkbox', 1, 0.1, 0.3, 0.05, 0.035, 'Keys received'),
    signature: place('signature', 2, 0.1, 0.55, 0.4, 0.09),
    date: place('date', 2, 0.55, 0.57, 0.3, 0.035),
  },
  matti: {
    text: place('text', 2, 0.1, 0.3, 0.45, 0.04, 'Parking space'),
    checkbox: place('checkbox', 1, 0.6, 0.3, 0.05, 0.035, 'Inventory checked'),
    signature: place('signature', 1, 0.5, 0.7, 0.4, 0.09),
  },
};

/** The document's signees by e-mail (signing.signees). */
async function signeeIds(page: Page, docId: string): Promise<Record<string, string>> {
  const { json } = await apiFrom(page, 'GET', `/signing/signees/${docId}`);
  const list = json.signees as { id: string; email: string }[];
  return Object.fromEntries(list.map((s) => [s.email, s.id]));
}

/** The signed PDF once the seal job has made it (signing.signed answers only for a Signed document). */
async function signedPdf(page: Page, docId: string): Promise<Buffer> {
  let source = '';
  await expect
    .poll(
      async () => {
        const { status, json } = await apiFrom(page, 'GET', `/signing/signed/${docId}`);
        if (status === 200) source = String(json.source);
        return status;
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBe(200);
  return Buffer.from(source.replace(/^data:application\/pdf;base64,/, ''), 'base64');
}

const rectOf = (field: Placed) => shownRect(field, PAGE.width, PAGE.height);

describe('fields on the page (issue #33 item 2)', () => {
  it('two signees fill their fields on a phone; the signed PDF has the values and signatures in place', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signUpWithOrganization(page, OWNER, 'Olli Omistaja');
    await page.goto('/settings/billing');
    await saveCardAndTopUp(page);

    const original = await twoPagePdf();
    const docId = await uploadFrom(page, 'contract', 'Lease with fields', 'lease.pdf', original);
    for (const person of [LIISA, MATTI]) {
      const added = await apiFrom(page, 'POST', `/signing/signee/${docId}`, { ...person, level: 1 });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
    }
    const ids = await signeeIds(page, docId);
    const fields = [
      ...Object.values(FIELDS.liisa).map((f) => ({ ...f, signeeId: ids[LIISA.email], required: true })),
      ...Object.values(FIELDS.matti).map((f) => ({ ...f, signeeId: ids[MATTI.email], required: true })),
    ];
    const saved = await apiFrom(page, 'PUT', `/documents/fields/${docId}`, { fields });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((saved.json.fields as unknown[]).length).toBe(7);

    const sent = await apiFrom(page, 'GET', `/signing/send/${docId}`);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);

    // The walk takes each signee's fields in page order.
    const liisaDate = await signOnPhone(
      browser,
      server.url,
      LIISA,
      [
        { kind: 'text', label: 'Apartment number', value: 'A 12' },
        { kind: 'checkbox', label: 'Keys received' },
        { kind: 'signature', with: 'drawn' },
      ],
      'fields-sign-phone-drawn',
    );
    const mattiDate = await signOnPhone(
      browser,
      server.url,
      MATTI,
      [
        { kind: 'checkbox', label: 'Inventory checked' },
        { kind: 'signature', with: 'typed' },
        { kind: 'text', label: 'Parking space', value: 'P 7' },
      ],
      'fields-sign-phone-typed',
    );
    expect(liisaDate).toMatch(/\d/);
    expect(mattiDate).toBeNull();

    const signed = await signedPdf(page, docId);
    const file = path.join(tmp, 'signed.pdf');
    fs.writeFileSync(file, signed);

    // The typed values and the date, each inside its own field on its own page.
    const words = { 1: await wordsOn(signed, 1), 2: await wordsOn(signed, 2) };
    expect(textInside(words[1], rectOf(FIELDS.liisa.text))).toBe('A 12');
    expect(textInside(words[2], rectOf(FIELDS.matti.text))).toBe('P 7');
    expect(textInside(words[2], rectOf(FIELDS.liisa.date))).toBe(liisaDate);

    // Ink inside the signature and checkbox fields, where the original page was blank.
    for (const field of [
      FIELDS.liisa.signature,
      FIELDS.matti.signature,
      FIELDS.liisa.checkbox,
      FIELDS.matti.checkbox,
    ]) {
      const before = await inkIn(original, field.page, rectOf(field));
      const after = await inkIn(signed, field.page, rectOf(field));
      expect(before.inside, `${field.kind} on page ${field.page} before signing`).toBe(0);
      expect(after.inside, `${field.kind} on page ${field.page} after signing`).toBeGreaterThan(5);
    }

    // Every signature is valid: the two signees' (covering their fields) and the seal, then the document
    // time-stamp, which pdfsig lists but cannot check itself.
    const report = await pdfsig(file);
    expect(report.signatures, report.output).toHaveLength(4);
    expect(
      report.signatures.slice(0, 3).every((s) => s.valid),
      report.output,
    ).toBe(true);
    expect(report.signatures.at(-1)?.lines).toContain('Total document signed');
    const mu = await mutoolVerify(file);
    expect(mu.match(/The signature is valid/g)?.length ?? 0, mu).toBeGreaterThanOrEqual(3);
    // mutool has no trust store: it names the self-signed CA, never a broken signature.
    expect(mu).not.toMatch(/expired|not valid|invalid/i);
    await context.close();
  });
});
