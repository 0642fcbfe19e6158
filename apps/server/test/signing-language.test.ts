import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type TestUser } from './helper.ts';
import { pdfText, removeTempDirs } from './pdf-fixtures.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

// Issue #31 item 2: the sender chooses each signee's language; e-mails, public pages and the signee's part of
// the signature page follow it.

let t: SigningTestApp;
let owner: TestUser;

const pdfOf = (source: string) => Buffer.from(source.replace(/^data:application\/pdf;base64,/, ''), 'base64');

beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Erin English' }));
  await t.fund(owner, 20);
});
afterAll(async () => {
  await t.close();
  await removeTempDirs();
});

describe("a signee's language", () => {
  it("defaults to the sender's interface language and can be chosen; anything but en or fi is 400", async () => {
    const doc = await t.contract(owner, 'Defaults');
    const plain = await t.addSignee(owner, doc.id, { email: uniqueEmail('plain') });
    expect(plain.json().signee.language).toBe('en');
    const fi = await t.addSignee(owner, doc.id, { email: uniqueEmail('fi'), language: 'fi' });
    expect(fi.statusCode, fi.body).toBe(200);
    expect(fi.json().signee.language).toBe('fi');
    const bad = await t.addSignee(owner, doc.id, { email: uniqueEmail('sv'), language: 'sv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    const list = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees;
    expect(list.map((s: { language: string }) => s.language)).toEqual(['en', 'fi']);

    const finn = await t.organization(await t.signUp({ name: 'Fiona Finn' }));
    expect((await t.json(finn, 'GET', '/api/authentication/language/fi')).statusCode).toBe(200);
    const theirs = await t.contract(finn, 'Finnish sender');
    const added = await t.addSignee(finn, theirs.id, { email: uniqueEmail('default-fi') });
    expect(added.json().signee.language).toBe('fi');
  });

  it('a Finnish signee of an English sender reads Finnish from the e-mail to the signed PDF', async () => {
    const doc = await t.contract(owner, 'Lease');
    const aino = uniqueEmail('aino');
    await t.addSignee(owner, doc.id, {
      givenName: 'Aino',
      familyName: 'Aalto',
      email: aino,
      language: 'fi',
    });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');

    const [request] = await t.mails(aino);
    expect(request?.subject).toBe('Allekirjoituspyyntö: Lease');
    const link = await t.linkOf(aino);
    const status = (await t.pub('GET', `/api/signing/status/signee/${link}`)).json();
    expect(status).toMatchObject({ status: 'OK', lang: 'fi' });

    // The page starts in the signee's language; the start call says so, and the session keeps it.
    const session = await t.startSession(link, 'fi');
    expect((await t.pub('GET', `/api/signing/session/${session}`)).json().lang).toBe('fi');
    await t.confirmCode(session, aino);
    const code = (await t.mails(aino)).find((m) => /koodi/i.test(m.subject));
    expect(code?.subject).toMatch(/^Vahvistuskoodisi on \d{6}$/);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl(16) },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const done = (await t.mails(aino)).find((m) => m.links.some((l) => l.includes('/public/signed/')));
    expect(done?.subject).toBe('Asiakirja allekirjoitettu: Lease');
    const pdf = (await t.json(owner, 'GET', `/api/signing/signed/${doc.id}`)).json();
    const text = await pdfText(pdfOf(pdf.source));
    expect(text).toContain('Allekirjoitukset');
    expect(text).toContain('Taso: ');
    expect(text).toContain('Sähköisesti allekirjoitettu');
    expect(text).toMatch(/Allekirjoitettu: \d{1,2}\.\d{1,2}\.\d{4}/);
    expect(text).not.toContain('Electronically signed');
    // The sender still reads their own language.
    const sender = (await t.mails(owner.email)).find((m) => m.links.some((l) => l.includes(doc.id)));
    expect(sender?.subject).toBe('Document signed: Lease');
  });

  it("e-mails the code at Start in the signee's language when the start call names none (issue #31 item 5)", async () => {
    const doc = await t.contract(owner, 'Code language');
    const aino = uniqueEmail('aino-code');
    await t.addSignee(owner, doc.id, { givenName: 'Aino', email: aino, language: 'fi' });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    // An English sender, no lang at Start (an API client, or a page that sent none): the signee's language.
    const session = await t.startSession(await t.linkOf(aino));
    expect((await t.pub('GET', `/api/signing/session/${session}`)).json().lang).toBe('fi');
    await t.confirmCode(session, aino);
    const codes = (await t.mails(aino)).filter((m) =>
      /^(Vahvistuskoodisi on|Your verification code is)/.test(m.subject),
    );
    expect(codes.map((m) => m.subject)).toEqual([expect.stringMatching(/^Vahvistuskoodisi on \d{6}$/)]);
  });

  it("in a round of mixed languages, each signee's box is in their language and the headings in the sender's", async () => {
    const doc = await t.contract(owner, 'Mixed');
    const [eino, emma] = [uniqueEmail('eino'), uniqueEmail('emma')];
    await t.addSignee(owner, doc.id, { givenName: 'Eino', email: eino, language: 'fi' });
    await t.addSignee(owner, doc.id, { givenName: 'Emma', email: emma });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect((await t.mails(eino))[0]?.subject).toBe('Allekirjoituspyyntö: Mixed');
    expect((await t.mails(emma))[0]?.subject).toBe('Signature request: Mixed');

    const session = await t.startSession(await t.linkOf(emma));
    const version = await t.pub('GET', `/api/signing/session/${session}/pdf`);
    expect(version.statusCode).toBe(200);
    const text = await pdfText(version.rawPayload);
    expect(text).toContain('Signatures');
    expect(text).not.toContain('Allekirjoitukset');
    // Eino's label (first) in Finnish, Emma's (second) in English.
    expect(text).toContain('Taso: Yksinkertainen');
    expect(text).toContain('Level: Simple');
    expect(text.indexOf('Taso: ')).toBeLessThan(text.indexOf('Level: '));
  });
});
