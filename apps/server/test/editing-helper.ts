/** Calls of the browser editor and of versions (document-edit and document-versions tests). */
import { mimeTypeOf } from '@sinetti/contract';
import { expect } from 'vitest';
import type { DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

/** `app` gives the test's app (made in beforeAll). */
export function editingCalls(app: () => DocumentsTestApp) {
  const download = (user: TestUser, id: string, query = '') =>
    app().call(user, { method: 'GET', url: `/api/documents/download/${id}${query}` });
  return {
    download,
    /** The ETag of the current file, as the editor sends it back in If-Match. */
    async etagOf(user: TestUser, id: string): Promise<string> {
      const res = await download(user, id);
      expect(res.statusCode, res.body).toBe(200);
      return String(res.headers.etag);
    },
    save: (user: TestUser, id: string, body: Buffer, ifMatch?: string, query = '') =>
      app().call(user, {
        method: 'PUT',
        url: `/api/documents/content/${id}${query}`,
        payload: body,
        headers: { 'content-type': mimeTypeOf('docx'), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      }),
    info: async (user: TestUser, id: string) =>
      (await app().json(user, 'GET', `/api/documents/info/${id}`)).json(),
    /** A new blank DOCX contract, its file and PDF made. */
    async newContract(user: TestUser, name: string): Promise<string> {
      const doc = await app().create(user, 'contract', name);
      await app().app.jobs.drain();
      return doc.id;
    },
  };
}
