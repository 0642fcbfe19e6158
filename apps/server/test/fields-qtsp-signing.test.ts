import { randomUUID } from 'node:crypto';
import type { PlacedField } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { TEST_PERSONS } from '../src/services/eid/test-persons.ts';
import { authorizeAt, signInAt } from './csc-helper.ts';
import { shownRect, textInside, wordsOn } from './fields-pdf-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { removeTempDirs } from './pdf-fixtures.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/**
 * Fields filled on the page by a qualified signee (issue #33 item 2): the values are checked when the signee
 * leaves for the QTSP, kept with the trip, and drawn in the signature made after the redirects, with the
 * name the QTSP's certificate verified.
 */
let t: SigningTestApp;
let owner: TestUser;
let docId: string;
const matti = TEST_PERSONS.find((p) => p.id === 'matti')!;
const email = uniqueEmail('qualified');
let session = '';
const at = (kind: PlacedField['kind'], y: number, more: Partial<PlacedField> = {}) => ({
  id: randomUUID(),
  kind,
  page: 1,
  x: 0.62,
  y,
  width: 0.35,
  height: 0.04,
  role: null,
  required: true,
  label: '',
  ...more,
});
const text = at('text', 0.1);
const name = at('name', 0.2);

const post = (step: string, body?: unknown) => t.pub('POST', `/api/signing/session/${session}/${step}`, body);
const drawn = { kind: 'drawn', image: pngDataUrl(16) };

beforeAll(async () => {
  t = await buildSigningApp({ EID_TEST_PROVIDERS: 'on' });
  owner = await t.signUp();
  await t.fund(owner, 20);
  docId = (await t.contract(owner, 'Qualified with fields', 1)).id;
  const signee = await t.addSignee(owner, docId, {
    givenName: 'Matti',
    familyName: 'Entered',
    email,
    method: 'de-sign-me',
  });
  expect(signee.statusCode, signee.body).toBe(200);
  const signeeId = signee.json().signee.id as string;
  const saved = await t.json(owner, 'PUT', `/api/documents/fields/${docId}`, {
    fields: [
      { ...text, signeeId },
      { ...name, signeeId },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
  session = await t.startSession(await t.linkOf(email));
  expect((await t.pub('GET', `/api/signing/session/${session}/pdf`)).statusCode).toBe(200);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await removeTempDirs();
});

describe('a qualified signee with fields', () => {
  it('is refused before leaving for the QTSP when a required field is empty', async () => {
    const res = await post('remote-sign', { signature: drawn, intent: true, fields: {} });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual([`fields.${text.id}`]);
  });

  it('keeps the values through the QTSP and draws them with the verified name in the signed PDF', async () => {
    const begin = await post('remote-sign', {
      signature: drawn,
      intent: true,
      fields: { [text.id]: 'Yhtiön puolesta' },
    });
    expect(begin.statusCode, begin.body).toBe(200);
    const login = await signInAt(t.app, begin.json().redirectUrl, matti.id);
    const next = (await post('return', login)).json();
    expect(next).toMatchObject({ status: 'OK', next: 'provider' });
    const { response } = await authorizeAt(t.app, next.redirectUrl);
    const done = await post('return', response);
    expect(done.json(), done.body).toMatchObject({ next: 'done' });
    await t.app.jobs.drain();
    const res = await t.json(owner, 'GET', `/api/signing/signed/${docId}`);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = Buffer.from(String(res.json().source).split(',')[1] ?? '', 'base64');
    const words = await wordsOn(pdf, 1);
    expect(textInside(words, shownRect(text, 595.28, 841.89))).toBe('Yhtiön puolesta');
    // The name is the one the QTSP's certificate names, not the one the sender entered.
    expect(textInside(words, shownRect(name, 595.28, 841.89))).toBe(`${matti.givenName} ${matti.familyName}`);
    const { signatures, output } = await verifyWithPdfsig(pdf, { pdfsig: t.config.signing.pdfsig });
    expect(signatures[0]?.validation, output).toBe('Signature is Valid.');
  });
});
