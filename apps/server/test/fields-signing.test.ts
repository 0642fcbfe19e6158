import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlacedField } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatures, signees, signingProcesses } from '../src/db/schema/index.ts';
import { signingCaFromConfig, verifySignedPdf, verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { formatHelsinkiDate } from '../src/services/pdf/text.ts';
import { balanceOf } from './billing-helper.ts';
import { inkIn, shownRect, textInside, wordsOn } from './fields-pdf-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { mutoolVerify } from './pdf-openssl.ts';
import { removeTempDirs, tempDir } from './pdf-fixtures.ts';
import { signingEventsOf } from './signing-events.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/**
 * Fields filled on the page (issue #33 item 2): two signees with fields on two pages fill and sign; the
 * signed PDF has each value inside its field and every signature valid. Wrong values are refused first.
 */
let t: SigningTestApp;
let owner: TestUser;
let docId: string;
const anna = { email: uniqueEmail('anna'), id: '' };
const ben = { email: uniqueEmail('ben'), id: '' };
const A4 = [595.28, 841.89] as const;

type Kind = PlacedField['kind'];
const placed: Record<string, PlacedField> = {};
function field(
  key: string,
  who: { id: string },
  kind: Kind,
  page: number,
  at: [number, number, number, number],
  more: Partial<PlacedField> = {},
) {
  const f: PlacedField = {
    id: randomUUID(),
    kind,
    page,
    x: at[0],
    y: at[1],
    width: at[2],
    height: at[3],
    signeeId: who.id,
    role: null,
    required: true,
    label: '',
    ...more,
  };
  placed[key] = f;
  return f;
}

const pdfOf = (source: string) => Buffer.from(source.replace(/^data:application\/pdf;base64,/, ''), 'base64');
const sign = (session: string, body: Record<string, unknown>) =>
  t.pub('POST', `/api/signing/session/${session}/sign`, { intent: true, ...body });

let annaSession = '';
let benSession = '';
let balanceAtSend = 0;

beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Fanny Fields' }));
  await t.fund(owner, 10);
  docId = (await t.contract(owner, 'Vuokrasopimus', 2)).id;
  for (const [who, givenName, familyName, language] of [
    [anna, 'Anna', 'Äijälä', 'fi'],
    [ben, 'Ben', 'Berg', 'en'],
  ] as const) {
    const res = await t.addSignee(owner, docId, { givenName, familyName, email: who.email, language });
    expect(res.statusCode, res.body).toBe(200);
    who.id = res.json().signee.id;
  }
  const fields = [
    field('annaText', anna, 'text', 1, [0.62, 0.1, 0.35, 0.04], { label: 'Asunto' }),
    field('annaName', anna, 'name', 1, [0.62, 0.2, 0.35, 0.04]),
    field('annaDate', anna, 'date', 1, [0.62, 0.3, 0.3, 0.04]),
    field('annaCheck', anna, 'checkbox', 1, [0.62, 0.4, 0.04, 0.03]),
    field('annaSign', anna, 'signature', 1, [0.5, 0.85, 0.4, 0.08]),
    field('annaInitials', anna, 'initials', 2, [0.85, 0.92, 0.1, 0.04], { required: false }),
    field('benText', ben, 'text', 2, [0.62, 0.1, 0.35, 0.05]),
    field('benInitials', ben, 'initials', 2, [0.62, 0.2, 0.1, 0.04]),
    field('benCheck', ben, 'checkbox', 2, [0.62, 0.4, 0.04, 0.03], { required: false }),
    field('benSign', ben, 'signature', 2, [0.1, 0.85, 0.4, 0.08]),
  ];
  const saved = await t.json(owner, 'PUT', `/api/documents/fields/${docId}`, { fields });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
  balanceAtSend = await balanceOf(t, owner, owner.personalOrganizationId);
  annaSession = await t.startSession(await t.linkOf(anna.email), 'fi');
  await t.confirmCode(annaSession, anna.email);
});
afterAll(async () => {
  await t.close();
  await removeTempDirs();
});

describe('the signing page’s fields', () => {
  it('lists only the signee’s own fields in page order, with the name, day and initials filled in', async () => {
    const res = await t.pub('GET', `/api/signing/session/${annaSession}`);
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json().fields as { id: string; kind: Kind; value: string | null; label: string }[];
    expect(fields.map((f) => f.id)).toEqual(
      ['annaText', 'annaName', 'annaDate', 'annaCheck', 'annaSign', 'annaInitials'].map((k) => placed[k]!.id),
    );
    const value = (k: string) => fields.find((f) => f.id === placed[k]!.id)!.value;
    expect(value('annaName')).toBe('Anna Äijälä');
    expect(value('annaDate')).toBe(formatHelsinkiDate(t.clock.now(), 'fi'));
    expect(value('annaDate')).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
    expect(value('annaInitials')).toBe('AÄ');
    expect([value('annaText'), value('annaCheck'), value('annaSign')]).toEqual([null, null, null]);
    expect(fields[0]!.label).toBe('Asunto');
  });
});

describe('values that do not fit the signee’s fields', () => {
  const good = () => ({ [placed.annaText!.id]: 'Asunto B 12', [placed.annaCheck!.id]: true });
  const refused = async (values: Record<string, unknown>, expectedKeys: string[]) => {
    const res = await sign(annaSession, {
      signature: { kind: 'typed', text: 'Anna Äijälä' },
      fields: values,
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(expectedKeys.map((k) => `fields.${k}`).sort());
  };

  it('refuses a required field left out or empty, and a required checkbox unchecked', async () => {
    await refused({ [placed.annaCheck!.id]: true }, [placed.annaText!.id]);
    await refused({ [placed.annaText!.id]: '   ', [placed.annaCheck!.id]: false }, [
      placed.annaText!.id,
      placed.annaCheck!.id,
    ]);
  });

  it('refuses a value for another signee’s field, an unknown field, or one the service fills in', async () => {
    await refused({ ...good(), [placed.benText!.id]: 'Ben’s' }, [placed.benText!.id]);
    const unknown = randomUUID();
    await refused({ ...good(), [unknown]: 'x' }, [unknown]);
    await refused({ ...good(), [placed.annaName!.id]: 'Someone Else', [placed.annaSign!.id]: 'x' }, [
      placed.annaName!.id,
      placed.annaSign!.id,
    ]);
  });

  it('refuses values of the wrong type and initials that are too long', async () => {
    await refused({ ...good(), [placed.annaCheck!.id]: 'yes' }, [placed.annaCheck!.id]);
    await refused({ ...good(), [placed.annaText!.id]: true }, [placed.annaText!.id]);
    await refused({ ...good(), [placed.annaInitials!.id]: 'ABCDEFGHIJK' }, [placed.annaInitials!.id]);
  });

  it('neither charged, signed, stored nor locked anything for the refused attempts', async () => {
    const [process] = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, docId));
    expect(process!.currentKey).toBe(process!.versionKey);
    const made = await t.database.db.select().from(signatures).where(eq(signatures.processId, process!.id));
    expect(made).toEqual([]);
    const [row] = await t.database.db.select().from(signees).where(eq(signees.id, anna.id));
    expect(row!.status).not.toBe('signed');
    expect(await balanceOf(t, owner, owner.personalOrganizationId)).toBe(balanceAtSend);
  });
});

describe('both signees fill their fields and sign', () => {
  let signed: Buffer;

  beforeAll(async () => {
    const a = await sign(annaSession, {
      signature: { kind: 'drawn', image: pngDataUrl(24) },
      fields: {
        [placed.annaText!.id]: 'Asunto B 12, Hämeenlinna',
        [placed.annaCheck!.id]: true,
      },
    });
    expect(a.statusCode, a.body).toBe(200);
    t.clock.advance(5 * 60_000);
    benSession = await t.startSession(await t.linkOf(ben.email), 'en');
    await t.confirmCode(benSession, ben.email);
    const b = await sign(benSession, {
      signature: { kind: 'typed', text: 'Ben Berg' },
      fields: {
        [placed.benText!.id]: 'Parking space 7 included',
        [placed.benInitials!.id]: 'BB',
        [placed.benCheck!.id]: false,
      },
    });
    expect(b.statusCode, b.body).toBe(200);
    await t.app.jobs.drain();
    const res = await t.json(owner, 'GET', `/api/signing/signed/${docId}`);
    expect(res.statusCode, res.body).toBe(200);
    signed = pdfOf(res.json().source);
  });

  const rectOf = (key: string) => shownRect(placed[key]!, A4[0], A4[1]);

  it('writes each value inside its field on its page', async () => {
    const page1 = await wordsOn(signed, 1);
    const page2 = await wordsOn(signed, 2);
    expect(textInside(page1, rectOf('annaText'))).toBe('Asunto B 12, Hämeenlinna');
    expect(textInside(page1, rectOf('annaName'))).toBe('Anna Äijälä');
    expect(textInside(page1, rectOf('annaDate'))).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
    expect(textInside(page2, rectOf('benText'))).toBe('Parking space 7 included');
    expect(textInside(page2, rectOf('benInitials'))).toBe('BB');
    // Ben's typed signature is findable text inside his signature field; Anna left her optional initials empty.
    expect(textInside(page2, rectOf('benSign'))).toBe('Ben Berg');
    expect(textInside(page2, rectOf('annaInitials'))).toBe('');
  });

  it('draws the signatures and the checked box inside their fields', async () => {
    for (const [key, page] of [
      ['annaSign', 1],
      ['benSign', 2],
      ['annaCheck', 1],
    ] as const) {
      const ink = await inkIn(signed, page, rectOf(key));
      expect(ink.inside, key).toBeGreaterThan(15);
    }
    // The unchecked box has its frame only: less ink than the checked one of the same size.
    const checked = await inkIn(signed, 1, rectOf('annaCheck'));
    const unchecked = await inkIn(signed, 2, rectOf('benCheck'));
    expect(unchecked.inside).toBeGreaterThan(0);
    expect(checked.inside).toBeGreaterThan(unchecked.inside + 10);
  });

  it('keeps every signature valid for pdfsig, MuPDF and the verifier', async () => {
    const { signatures: found, output } = await verifyWithPdfsig(signed, { pdfsig: t.config.signing.pdfsig });
    expect(found.map((s) => s.signedBy)).toEqual([
      'Anna Äijälä',
      'Ben Berg',
      'Sinetti platform seal',
      'Sinetti time-stamping unit',
    ]);
    // pdfsig 22 cannot check the document time-stamp (ETSI.RFC3161) itself.
    expect(
      found.slice(0, 3).map((s) => s.validation),
      output,
    ).toEqual(Array(3).fill('Signature is Valid.'));
    const file = path.join(await tempDir(), 'signed.pdf');
    await writeFile(file, signed);
    const mu = await mutoolVerify(file);
    expect(mu).not.toMatch(/Digest error/);
    expect(mu.match(/^Verifying signature/gm)?.length, mu).toBeGreaterThanOrEqual(3);
    const ca = await signingCaFromConfig(t.app.ctx.config.signing);
    const report = await verifySignedPdf(signed, ca, undefined, t.clock.now());
    const bySignees = report.signatures.filter((s) => s.kind === 'signature').slice(0, 2);
    expect(bySignees).toHaveLength(2);
    for (const s of bySignees) {
      expect(s.changes?.annotations ?? [], JSON.stringify(s.changes)).toEqual([]);
      expect(s.warnings.filter((w) => w.startsWith('modified'))).toEqual([]);
      // Intact and verifying. (Its status also weighs certificate times: the test clock's one-time
      // certificates of June against the time-stamping unit's real time, which has nothing to do with fields.)
      expect([s.byteRange.ok, s.intact, s.signatureValid]).toEqual([true, 'ok', 'ok']);
    }
  });

  it('records the values with the signature in the audit trail', async () => {
    const events = await signingEventsOf(t.database.db, docId);
    const annaSigned = events.find((e) => e.type === 'signed' && e.signeeId === anna.id);
    expect((annaSigned?.data as Record<string, unknown> | undefined)?.fields).toEqual({
      [placed.annaText!.id]: 'Asunto B 12, Hämeenlinna',
      [placed.annaCheck!.id]: true,
      [placed.annaInitials!.id]: '',
    });
  });
});

describe('a document without fields', () => {
  it('has no fields in the session view and signs as before', async () => {
    const doc = await t.contract(owner, 'Plain', 1);
    const email = uniqueEmail('cecilia');
    expect(
      (await t.addSignee(owner, doc.id, { givenName: 'Cecilia', familyName: 'C', email })).statusCode,
    ).toBe(200);
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const session = await t.startSession(await t.linkOf(email));
    const view = (await t.pub('GET', `/api/signing/session/${session}`)).json();
    expect(view).not.toHaveProperty('fields');
    await t.confirmCode(session, email);
    const refused = await sign(session, {
      signature: { kind: 'typed', text: 'Cecilia' },
      fields: { [randomUUID()]: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await sign(session, { signature: { kind: 'typed', text: 'Cecilia' } })).statusCode).toBe(200);
  });
});
