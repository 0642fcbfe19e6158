// Placing fields through the API in tests (issue #33 item 1): shared by fields.test.ts and
// fields-keys.test.ts.
import { randomUUID } from 'node:crypto';
import type { PlacedField } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { documentFields } from '../src/db/schema/index.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import type { SigningTestApp } from './signing-helper.ts';

/** A field for `who` (a signee id, or { role }) on `page`; the rest as the editor would send it. */
export function field(who: string | { role: string }, page = 1, more: Partial<PlacedField> = {}) {
  return {
    id: randomUUID(),
    kind: 'signature' as const,
    page,
    x: 0.1,
    y: 0.7,
    width: 0.3,
    height: 0.05,
    ...(typeof who === 'string' ? { signeeId: who } : { role: who.role }),
    ...more,
  };
}

/** The fields calls and the documents they need, on the test's app (read at each call: built in beforeAll). */
export function fieldsApi(app: () => SigningTestApp) {
  const addSignee = async (
    u: TestUser,
    docId: string,
    name: string,
    email = uniqueEmail(name.toLowerCase()),
  ) => {
    const res = await app().addSignee(u, docId, { givenName: name, familyName: 'Test', email });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().signee.id as string, email };
  };
  return {
    list: (u: TestUser, id: string) => app().json(u, 'GET', `/api/documents/fields/${id}`),
    save: (u: TestUser, id: string, fields: unknown[]) =>
      app().json(u, 'PUT', `/api/documents/fields/${id}`, { fields }),
    addSignee,
    /** A contract of `pages` pages with one signee. */
    async contractWithSignee(u: TestUser, pages = 2) {
      const doc = await app().contract(u, `Fields ${randomUUID().slice(0, 8)}`, pages);
      return { doc, signee: await addSignee(u, doc.id, 'Anna') };
    },
    /** A template uploaded as a PDF of `pages` pages, in `parent` if given. */
    async template(u: TestUser, pages = 2, parent?: string) {
      const res = await app().upload(u, {
        type: 'template',
        fileName: 'lease.pdf',
        content: Buffer.from(await makePdf(pages)),
        name: 'Lease',
        ...(parent ? { parent } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().document.id as string;
    },
    /** The document's rows as stored. */
    storedFor: (docId: string) =>
      app().database.db.select().from(documentFields).where(eq(documentFields.documentId, docId)),
  };
}
