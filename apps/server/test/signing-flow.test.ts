import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorChainHead, getChainAnchor } from '../src/commands/signing/audit-anchor.ts';
import {
  anchorLegacyChains,
  hashEvent,
  verifyChain,
  type SigningEventRow,
} from '../src/commands/signing/audit-chain.ts';
import {
  signatures,
  signingChainAnchors,
  signingChainBackfill,
  signingEvents,
} from '../src/db/schema/index.ts';
import { signingEventsOf } from './signing-events.ts';
import { verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { pdfText, removeTempDirs, tempDir } from './pdf-fixtures.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let docId: string;
const anna = uniqueEmail('anna');
const ben = uniqueEmail('ben');
const signedLinks: Record<string, string> = {};

const pdfOf = (source: string) => Buffer.from(source.replace(/^data:application\/pdf;base64,/, ''), 'base64');

beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Frida Flow' }));
  await t.fund(owner, 10);
  const doc = await t.contract(owner, 'Purchase agreement', 3);
  docId = doc.id;
  await t.addSignee(owner, docId, { givenName: 'Anna', familyName: 'Äijälä', email: anna });
  await t.addSignee(owner, docId, { givenName: 'Ben', familyName: 'Berg', email: ben });
  expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');

  const first = await t.startSession(await t.linkOf(anna), 'fi');
  await t.confirmCode(first, anna);
  const a = await t.pub('POST', `/api/signing/session/${first}/sign`, {
    signature: { kind: 'drawn', image: pngDataUrl(24) },
    intent: true,
  });
  expect(a.statusCode, a.body).toBe(200);
  t.clock.advance(5 * 60_000);
  const second = await t.startSession(await t.linkOf(ben), 'en');
  await t.confirmCode(second, ben);
  const b = await t.pub('POST', `/api/signing/session/${second}/sign`, {
    signature: { kind: 'typed', text: 'Ben Berg' },
    intent: true,
  });
  expect(b.statusCode, b.body).toBe(200);
  for (const email of [anna, ben]) {
    const done = (await t.mails(email)).find((m) => m.links.some((l) => l.includes('/public/signed/')));
    signedLinks[email] =
      done?.links.find((l) => l.includes('/public/signed/'))?.split('/public/signed/')[1] ?? '';
  }
});
afterAll(async () => {
  await t.close();
  await removeTempDirs();
});

describe('the whole signing', () => {
  it('ends Signed, with both signatures and the platform seal valid, then a document time-stamp over the whole file', async () => {
    const info = (await t.json(owner, 'GET', `/api/documents/info/${docId}`)).json().document;
    expect(info.state).toBe(DOCUMENT_STATE.Signed);
    const res = await t.json(owner, 'GET', `/api/signing/signed/${docId}`);
    expect(res.statusCode).toBe(200);
    const pdf = pdfOf(res.json().source);
    expect(res.json().sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(res.json().name).toBe('Purchase agreement (signed).pdf');
    const { signatures: found } = await verifyWithPdfsig(pdf, { pdfsig: t.config.signing.pdfsig });
    // The seal, then the DSS and a document time-stamp (PAdES B-LTA; pdfsig 22 cannot check ETSI.RFC3161 itself).
    expect(found).toHaveLength(4);
    expect(found.slice(0, 3).every((s) => s.validity === 'valid')).toBe(true);
    expect(found.map((s) => s.signedBy)).toEqual([
      'Anna Äijälä',
      'Ben Berg',
      'Sinetti platform seal',
      'Sinetti time-stamping unit',
    ]);
    expect(found[3]?.coversWholeDocument).toBe(true);
    expect(found[2]?.coversWholeDocument).toBe(false);
  });

  it('e-mails every signee a SigningComplete link and the sender the document', async () => {
    expect(signedLinks[anna]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedLinks[ben]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sender = await t.mails(owner.email);
    expect(sender[0]?.links).toContain(`http://sinetti.test/document/${docId}`);
    const status = await t.pub('GET', `/api/signing/status/signee/${signedLinks[anna]}`);
    expect(status.json()).toMatchObject({ status: 'OK', signed: true, completed: true, locked: false });
  });

  it('speaks to each signee in the language they signed in: status and the signed-copy e-mail', async () => {
    // Anna signed in Finnish, Ben in English (the round's e-mails went out in the sender's English).
    const langOf = async (token: string) =>
      (await t.pub('GET', `/api/signing/status/signee/${token}`)).json().lang;
    expect(await langOf(signedLinks[anna]!)).toBe('fi');
    expect(await langOf(signedLinks[ben]!)).toBe('en');
    const completion = async (email: string) =>
      (await t.mails(email)).find((m) => m.links.some((l) => l.includes('/public/signed/')))!;
    const [fi, en] = [await completion(anna), await completion(ben)];
    expect(fi.subject).not.toBe(en.subject);
    expect(fi.text).toMatch(/allekirjoit/i);
    expect(en.text).not.toMatch(/allekirjoit/i);
  });

  it('lets signees download the signed PDF and the certificate of completion', async () => {
    const signed = await t.pub('GET', `/api/signing/download/${signedLinks[ben]}`);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().source).toMatch(/^data:application\/pdf;base64,/);
    const member = (await t.json(owner, 'GET', `/api/signing/signed/${docId}`)).json();
    expect(signed.json().sha256).toBe(member.sha256);
    const cert = await t.pub('GET', `/api/signing/download/certificate/${signedLinks[ben]}`);
    expect(cert.statusCode).toBe(200);
    const certPdf = pdfOf(cert.json().source);
    const { signatures: seal } = await verifyWithPdfsig(certPdf, { pdfsig: t.config.signing.pdfsig });
    expect(seal).toHaveLength(2);
    expect(seal[0]).toMatchObject({ validity: 'valid', signedBy: 'Sinetti platform seal' });
    expect(seal[1]).toMatchObject({ signedBy: 'Sinetti time-stamping unit', coversWholeDocument: true });
    const memberCert = await t.json(owner, 'GET', `/api/signing/certificate/${docId}`);
    expect(memberCert.json().sha256).toBe(cert.json().sha256);
    expect(memberCert.json().name).toBe('Purchase agreement (certificate of completion).pdf');
    // The request links of the finished round still lead to the result; unknown ones do not.
    expect((await t.pub('GET', `/api/signing/download/${await t.linkOf(anna)}`)).statusCode).toBe(200);
    expect((await t.pub('GET', `/api/signing/download/${'B'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('keeps the drawn signature image and the typed text with the signature records', async () => {
    const rows = await t.database.db.select().from(signatures);
    expect(rows.find((r) => r.kind === 'drawn')?.image).toBe(pngDataUrl(24));
    expect(rows.find((r) => r.kind === 'typed')?.text).toBe('Ben Berg');
  });

  it('shows the drawing and the typed signature in the signees’ boxes of the signed PDF', async () => {
    const pdf = pdfOf((await t.json(owner, 'GET', `/api/signing/signed/${docId}`)).json().source);
    const dir = await tempDir();
    await writeFile(path.join(dir, 'signed.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', path.join(dir, 'signed.pdf')]);
    // Anna's 24 × 24 grey drawing, opaque (no soft mask), on the signature page (the 4th).
    const images = stdout
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/).slice(0, 6));
    expect(images).toEqual([['4', '0', 'image', '24', '24', 'gray']]);
    // Ben's typed name: drawn in handwriting and findable as text (the stamp's name line says it too).
    expect((await pdfText(pdf)).match(/Ben Berg/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses downloads before completion (409) and hides them from other organizations (404)', async () => {
    const stranger = await t.signUp();
    expect((await t.json(stranger, 'GET', `/api/signing/signed/${docId}`)).statusCode).toBe(404);
    expect((await t.json(stranger, 'GET', `/api/signing/audit/${docId}`)).statusCode).toBe(404);
    const nobody = await t.member(owner, []);
    expect((await t.json(nobody, 'GET', `/api/signing/certificate/${docId}`)).statusCode).toBe(403);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await t.json(viewer, 'GET', `/api/signing/certificate/${docId}`)).statusCode).toBe(200);
    const draft = await t.contract(owner, 'Not signed');
    expect((await t.json(owner, 'GET', `/api/signing/signed/${draft.id}`)).statusCode).toBe(409);
  });
});

describe('the audit trail', () => {
  it('records every event with time, actor, IP and user agent, in a chain that verifies', async () => {
    const res = await t.json(owner, 'GET', `/api/signing/audit/${docId}`);
    expect(res.statusCode).toBe(200);
    const { events, chain } = res.json();
    expect(chain).toMatchObject({ valid: true, brokenAt: null, length: events.length });
    const types = new Set(events.map((e: { type: string }) => e.type));
    for (const type of [
      'sent',
      'emailed',
      'opened',
      'viewed',
      'code-sent',
      'code-verified',
      'signed',
      'completed',
      'downloaded',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
    const signed = events.find((e: { type: string }) => e.type === 'signed');
    expect(signed).toMatchObject({ actor: { kind: 'signee', label: anna }, userAgent: 'SigneeBrowser/1.0' });
    expect(signed.ip).toBeTruthy();
    expect(events.find((e: { type: string }) => e.type === 'sent').actor).toMatchObject({ kind: 'member' });
    expect(events[0].prevHash).toBe('0'.repeat(64));
    expect(events[1].prevHash).toBe(events[0].hash);
  });

  it('refuses updates, and detects rows changed or removed behind its back', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(signingEvents).where(eq(signingEvents.seq, 3)).limit(1);
    await expect(
      db.update(signingEvents).set({ ip: '6.6.6.6' }).where(eq(signingEvents.id, row!.id)),
    ).rejects.toThrow();
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table signing_events disable trigger signing_events_no_update`);
      await tx.update(signingEvents).set({ ip: '6.6.6.6' }).where(eq(signingEvents.id, row!.id));
      await tx.execute(sql`alter table signing_events enable trigger signing_events_no_update`);
    });
    const chain = (await t.json(owner, 'GET', `/api/signing/audit/${docId}`)).json().chain;
    expect(chain).toMatchObject({ valid: false, brokenAt: 3 });
    const events = await signingEventsOf(db, docId);
    const anchor = await getChainAnchor(db, docId);
    const restored = events.map((e) => (e.id === row!.id ? { ...e, ip: row!.ip } : e));
    expect(verifyChain(restored, anchor).valid).toBe(true);
    expect(
      verifyChain(
        restored.filter((e) => e.seq !== 5),
        anchor,
      ),
    ).toMatchObject({
      valid: false,
      brokenAt: 6,
    });
    const swapped = [...restored];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(verifyChain(swapped, anchor).valid).toBe(false);
    expect(verifyChain(restored.slice(0, -1), anchor)).toMatchObject({ valid: false });
    expect(verifyChain(restored, null)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/anchor/),
    });
  });

  it('detects a rewrite that rehashes an event and relinks the rest: the keyed anchor no longer holds', async () => {
    const db = t.database.db;
    const doc = await t.contract(owner, 'Rewritten trail');
    await t.addSignee(owner, doc.id, { givenName: 'Cai', familyName: 'Cole', email: uniqueEmail('cai') });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const original = await signingEventsOf(db, doc.id);
    expect(original.length).toBeGreaterThanOrEqual(2);
    const chainOf = async () => (await t.json(owner, 'GET', `/api/signing/audit/${doc.id}`)).json().chain;
    expect(await chainOf()).toMatchObject({ valid: true });

    // What someone with database write access (and no key) can do: change event 1, rehash it, fix the
    // next event's prevHash, and rehash everything up to the head, so every link verifies again.
    const rewritten: SigningEventRow[] = [];
    let prevHash = original[0]!.prevHash;
    for (const e of original) {
      const changed = { ...e, prevHash, ip: e.seq === 1 ? '6.6.6.6' : e.ip };
      const next = { ...changed, hash: hashEvent(changed) };
      rewritten.push(next);
      prevHash = next.hash;
    }
    const rewrite = (rows: readonly SigningEventRow[]) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table signing_events disable trigger signing_events_no_update`);
        for (const r of rows) {
          await tx
            .update(signingEvents)
            .set({ ip: r.ip, prevHash: r.prevHash, hash: r.hash })
            .where(eq(signingEvents.id, r.id));
        }
        await tx.execute(sql`alter table signing_events enable trigger signing_events_no_update`);
      });
    // The two-field rewrite alone: row 1 rehashed and row 2's prevHash fixed.
    await rewrite([rewritten[0]!, { ...original[1]!, prevHash: rewritten[0]!.hash }]);
    expect(await chainOf()).toMatchObject({ valid: false, brokenAt: 2 });
    // The whole suffix rehashed: every link holds, but the head is not the anchored one.
    await rewrite(rewritten);
    expect(await chainOf()).toMatchObject({ valid: false, brokenAt: original.length });
    // Moving the anchor to the new head without the key: its MAC does not match.
    const head = rewritten[rewritten.length - 1]!;
    await db
      .update(signingChainAnchors)
      .set({ hash: head.hash })
      .where(eq(signingChainAnchors.documentId, doc.id));
    expect(await chainOf()).toMatchObject({ valid: false, reason: expect.stringMatching(/not signed/) });
    // Only the key holder can anchor a chain: with it the same rows verify (the MAC is what decides).
    await anchorChainHead(db, head, new Date());
    expect(await chainOf()).toMatchObject({ valid: true });
  });

  it('anchors chains recorded before anchors existed at start, unless their links no longer verify', async () => {
    const db = t.database.db;
    const doc = await t.contract(owner, 'Older trail');
    await t.addSignee(owner, doc.id, { givenName: 'Dan', familyName: 'Dahl', email: uniqueEmail('dan') });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    await db.delete(signingChainAnchors);
    await db.insert(signingChainBackfill).values([{ documentId: doc.id }, { documentId: docId }]);
    // docId's event 3 was changed behind the chain's back above: it stays unanchored (broken).
    expect(await anchorLegacyChains(db, new Date())).toBe(1);
    expect(await db.select().from(signingChainBackfill)).toEqual([]);
    expect((await t.json(owner, 'GET', `/api/signing/audit/${doc.id}`)).json().chain.valid).toBe(true);
    expect(await getChainAnchor(db, docId)).toBeNull();
  });
});
