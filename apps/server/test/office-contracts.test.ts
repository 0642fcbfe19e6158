import { P, type DocumentVersion } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { editingCalls } from './editing-helper.ts';
import { LIBREOFFICE, type TestUser } from './helper.ts';
import { makeDocx, makeOdt, makeRtf } from './fixtures/office.ts';

// Office files from outside (issue 13 item 6): a DOC, ODT or RTF contract or template is made a DOCX once,
// the original kept as version 1, and is then editable like any other.
let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp(LIBREOFFICE);
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t.close());

const { download, etagOf, save, info } = editingCalls(() => t);
const versionsOf = async (id: string) =>
  (await t.json(owner, 'GET', `/api/documents/versions/${id}`)).json().versions as DocumentVersion[];
const searchIds = async (text: string) =>
  ((await t.json(owner, 'POST', '/api/documents/search', { text })).json().documents as { id: string }[]).map(
    (d) => d.id,
  );

async function uploaded(
  type: 'contract' | 'template' | 'contract-noedit' | 'file',
  fileName: string,
  content: Buffer,
) {
  const res = await t.upload(owner, { type, fileName, content, name: fileName });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.drain();
  return res.json().document.id as string;
}

describe('office files made editable (issue 13 item 6)', () => {
  it.each([
    [
      'contract',
      'lease.odt',
      makeOdt(['Vuokrasopimus', 'Vuokralainen Äijälä maksaa Wombatberry euroa.']),
      'Wombatberry',
    ],
    [
      'template',
      'lease.rtf',
      makeRtf(['Lease template', 'The tenant Öhman pays Koalafig euros.']),
      'Koalafig',
    ],
  ] as const)(
    'a %s uploaded as %s becomes an editable DOCX, the original kept as version 1',
    async (type, name, file, word) => {
      const id = await uploaded(type, name, file);
      const { document, abilities } = await info(owner, id);
      expect(document).toMatchObject({ extension: 'docx', conversion: 'done' });
      expect(abilities.edit).toBe(true);
      const versions = await versionsOf(id);
      expect(versions.map((v) => [v.number, v.origin, v.extension, v.hasPdf])).toEqual([
        [2, 'converted', 'docx', true],
        [1, 'uploaded', name.split('.')[1], true],
      ]);
      expect((await download(owner, id, '?version=1')).rawPayload.equals(file)).toBe(true);
      const docx = await download(owner, id);
      expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect(await searchIds(word)).toEqual([id]);

      // Edited like any DOCX; the original can still be downloaded.
      const edited = makeDocx('<w:p><w:r><w:t>Edited after conversion</w:t></w:r></w:p>');
      expect((await save(owner, id, edited, await etagOf(owner, id))).statusCode).toBe(200);
      expect((await versionsOf(id)).map((v) => v.number)).toEqual([3, 2, 1]);
    },
  );

  it('leaves uploads that are not editable as they are', async () => {
    const noedit = await uploaded('contract-noedit', 'fixed.rtf', makeRtf(['Fixed terms']));
    const file = await uploaded('file', 'notes.odt', makeOdt(['Notes']));
    for (const id of [noedit, file]) {
      const { document, abilities } = await info(owner, id);
      expect(document.extension).not.toBe('docx');
      expect(abilities.edit).toBe(false);
      expect((await versionsOf(id)).map((v) => v.origin)).toEqual(['uploaded']);
    }
  });

  it('a member without documents create cannot upload one', async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const res = await t.upload(viewer, {
      type: 'contract',
      fileName: 'x.odt',
      content: makeOdt(['x']),
      name: 'x',
    });
    expect(res.statusCode).toBe(403);
  });
});
