/** Matrix rows of the documents and privileges calls (authorization-matrix.test.ts). */
import { randomUUID } from 'node:crypto';
import { P, mimeTypeOf } from '@sinetti/contract';
import { expect } from 'vitest';
import { makeDocx } from './fixtures/office.ts';
import { json, one, type Row } from './matrix-kit.ts';

export const DOCUMENT_ROWS: Record<string, Row> = {
  // documents/
  'documents.list': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/list/${o.folder}`),
  },
  'documents.create': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_CREATE),
    request: (o) => json('POST', `/api/documents/create/folder/${o.folder}`, { name: 'Made' }),
  },
  'documents.upload': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_CREATE),
    request: (o) => {
      const form = new FormData();
      form.append('name', 'Notes');
      form.append('file', new Blob([new TextEncoder().encode('notes')]), 'notes.txt');
      return { method: 'POST', url: `/api/documents/upload/file/${o.folder}`, payload: form as never };
    },
  },
  'documents.delete': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_DELETE),
    request: (o) => json('POST', '/api/documents/delete', { documentId: o.folder }),
    fresh: async (_o, { t, owner }) => ({ folder: (await t.create(owner, 'folder', 'Doomed')).id }),
  },
  'documents.deletePermanently': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_DELETE),
    request: (o) => json('POST', '/api/documents/delete/permanently', { documentId: o.folder }),
    fresh: async (_o, { t, owner }) => ({ folder: (await t.create(owner, 'folder', 'Doomed')).id }),
  },
  'documents.rename': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('POST', '/api/documents/rename', { documentId: o.contract, name: 'Contract' }),
  },
  'documents.info': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/info/${o.contract}`),
  },
  'documents.convert': {
    subject: 'document',
    kind: 'object',
    grants: [[P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]],
    request: (o) =>
      json('POST', `/api/documents/convert/${o.template}`, { name: 'From template', includeChildren: false }),
  },
  'documents.templateFields': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/template-fields/${o.template}`),
  },
  // Fields placed on the pages (issue #33 item 1): an empty save changes nothing and needs no PDF.
  'fields.list': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/fields/${o.contract}`),
  },
  'fields.save': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('PUT', `/api/documents/fields/${o.contract}`, { fields: [] }),
  },
  'documents.saveContent': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    // The fixture's contract is a PDF: authorized, then refused by the rule (409 NOT_EDITABLE).
    ok: 409,
    request: (o) => ({
      method: 'PUT',
      url: `/api/documents/content/${o.contract}`,
      payload: makeDocx('<w:p><w:r><w:t>Edited</w:t></w:r></w:p>'),
      headers: { 'content-type': mimeTypeOf('docx'), 'if-match': `"${'0'.repeat(64)}"` },
    }),
  },
  'documents.setTemplateRoles': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('PUT', `/api/documents/template-roles/${o.template}`, { roles: ['Tenant'] }),
  },
  'documents.stats': {
    kind: 'scope',
    grants: one(P.DOCUMENTS_VIEW),
    request: () => json('GET', '/api/documents/stats'),
  },
  'documents.move': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('GET', `/api/documents/move/${o.contract}/${o.folder}`),
  },
  'documents.search': {
    kind: 'scope',
    grants: one(P.DOCUMENTS_VIEW),
    request: () => json('POST', '/api/documents/search', { text: '' }),
  },
  'documents.content': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/content/${o.contract}`),
  },
  'documents.download': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/download/${o.contract}`),
  },
  'versions.list': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/versions/${o.contract}`),
  },
  'versions.content': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/documents/version-content/${o.contract}/1`),
  },
  'versions.compare': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    // The fixture's PDF has not had its text read (no jobs run here): 409 VERSION_TEXT_MISSING.
    ok: 409,
    request: (o) => json('GET', `/api/documents/version-compare/${o.contract}?from=1&to=1`),
  },
  'versions.restore': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    // The fixture's contract is a PDF: authorized, then refused by the rule (409 NOT_EDITABLE).
    ok: 409,
    request: (o) => json('POST', `/api/documents/version-restore/${o.contract}`, { number: 1 }),
  },
  'editLock.acquire': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    // The fixture's contract is a PDF: authorized, then refused by the rule (409 NOT_EDITABLE).
    ok: 409,
    request: (o) => json('POST', `/api/documents/edit-lock/${o.contract}`),
  },
  'editLock.release': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('POST', `/api/documents/edit-lock/${o.contract}/release`),
  },
  'shares.list': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT_ROLES),
    request: (o) => json('GET', `/api/documents/shares/${o.contract}`),
  },
  'shares.create': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT_ROLES),
    request: (o) => json('POST', `/api/documents/shares/${o.contract}`, { allowDownload: false }),
  },
  'shares.revoke': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT_ROLES),
    ok: 404,
    request: (o) => json('POST', `/api/documents/shares/${o.contract}/revoke/${randomUUID()}`, {}),
  },
  'documents.archive': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('POST', '/api/documents/archive', { documentId: o.contract }),
    fresh: async (_o, { t, owner }) => ({ contract: (await t.contract(owner, 'Archivable', 1)).id }),
  },
  'documents.restore': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('POST', '/api/documents/restore', { documentId: o.contract }),
    fresh: async (_o, { t, owner }) => {
      const doc = await t.contract(owner, 'Archived', 1);
      expect((await t.json(owner, 'POST', '/api/documents/archive', { documentId: doc.id })).statusCode).toBe(
        200,
      );
      return { contract: doc.id };
    },
  },

  // privileges/
  'privileges.accountRoles': { kind: 'member', request: () => json('GET', '/api/privileges/account-roles') },
  'privileges.documentRoles': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW_ROLES),
    request: (o) => json('GET', `/api/privileges/document-roles/${o.folder}`),
  },
  'privileges.documentRoleAdd': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT_ROLES),
    request: (o) => json('GET', `/api/privileges/document-role/${o.folder}/${o.role}`),
    fresh: async (_o, { t, owner }) => ({ folder: (await t.create(owner, 'folder', 'To restrict')).id }),
  },
  'privileges.documentRoleDelete': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_DELETE_ROLES),
    request: (o) => json('GET', `/api/privileges/document-delete/${o.folder}/${o.role}`),
    fresh: async (o, { t, owner }) => {
      const folder = (await t.create(owner, 'folder', 'Restricted')).id;
      const res = await t.json(owner, 'GET', `/api/privileges/document-role/${folder}/${o.role}`);
      expect(res.statusCode).toBe(200);
      return { folder };
    },
  },

  'privileges.documentRolesChange': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT_ROLES),
    request: (o) => json('POST', `/api/privileges/document-roles/${o.folder}`, { add: [o.role] }),
    fresh: async (_o, { t, owner }) => ({
      folder: (await t.create(owner, 'folder', 'To restrict at once')).id,
    }),
  },

  // privileges/ roles (organization view roles 5, users view roles 12 or users edit roles 15 to read them).
  'privileges.roles': {
    kind: 'scope',
    grants: [[5], [12], [15]],
    request: () => json('GET', '/api/privileges/roles'),
  },
  'privileges.roleInfo': {
    kind: 'object',
    grants: [[5], [12], [15]],
    request: (o) => json('GET', `/api/privileges/role-info/${o.role}`),
  },
  'privileges.roleAdd': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_ROLES),
    request: () => json('POST', '/api/privileges/role-add', { name: `Made ${randomUUID().slice(0, 8)}` }),
  },
  'privileges.roleUpdate': {
    kind: 'object',
    grants: one(P.ORG_EDIT_ROLES),
    request: (o) => json('POST', `/api/privileges/role-update/${o.role}`, { name: 'Matrix role' }),
  },
  'privileges.roleDelete': {
    kind: 'object',
    grants: one(P.ORG_EDIT_ROLES),
    request: (o) => json('GET', `/api/privileges/role-delete/${o.role}`),
    fresh: async (_o, { t, owner }) => {
      const res = await t.json(owner, 'POST', '/api/privileges/role-add', {
        name: `Doomed ${randomUUID().slice(0, 8)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { role: res.json().roleId as string };
    },
  },
  'privileges.assignRole': {
    kind: 'object',
    grants: one(P.USERS_EDIT_ROLES),
    request: (o) => json('POST', `/api/privileges/role/${o.member}`, { roleId: o.role }),
  },
  'privileges.unassignRole': {
    kind: 'object',
    grants: one(P.USERS_EDIT_ROLES),
    request: (o) => json('GET', `/api/privileges/delete-role/${o.member}/${o.role}`),
    fresh: async (o, { t, owner }) => {
      const res = await t.json(owner, 'POST', `/api/privileges/role/${o.member}`, { roleId: o.role });
      expect(res.statusCode, res.body).toBe(200);
      return {};
    },
  },
};
