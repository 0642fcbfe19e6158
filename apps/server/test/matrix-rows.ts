/**
 * The rows of the authorization matrix (authorization-matrix.test.ts): for each endpoint of the contract,
 * how it is reached, which permissions let a member through, what an allowed call answers on the fixture,
 * and how to build its request. Every endpoint needs a row; the matrix fails for one without.
 */
import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './helper.ts';
import { ORGANIZATION_ROWS } from './matrix-rows-organizations.ts';
import type { SigningTestApp } from './signing-helper.ts';

/** The objects a request is about: one organization's, or hidden from the caller by the document's roles. */
export interface Objects {
  organizationId: string;
  folder: string;
  contract: string;
  template: string;
  signee: string;
  role: string;
  /** A member of the organization who holds no role of the matrix (role assignments act on them). */
  member: string;
}
export type Req = Omit<InjectOptions, 'headers'> & { method: 'GET' | 'POST'; url: string };

/**
 * How an endpoint is reached:
 * - `public`: no session needed; every caller, signed in or not, gets `ok`.
 * - `account`: any valid session (even of no organization); none → 401.
 * - `member`: any member of the organization in `company-id`, no permission needed.
 * - `scope`: organization-wide with a permission (lists, search, counts): `grants`.
 * - `object`: about one object of an organization: `grants`; another organization's or hidden → 404.
 * - `owner`: only the organization's owner (billing).
 */
export type Kind = 'public' | 'account' | 'member' | 'scope' | 'object' | 'owner';

export interface Row {
  kind: Kind;
  /** Permission sets, any one of which lets a member through (each set: all of its permissions). */
  grants?: number[][];
  /** The status of an allowed call on the fixture (a state rule may answer 409 after authorization). */
  ok?: number;
  request(o: Objects): Req;
  /** What the request names: a document (hidden by the document's roles) or anything else (default). */
  subject?: 'document' | 'other';
  /** For calls that change what they act on: a fresh object for each allowed call. */
  fresh?(o: Objects, f: Fixture): Promise<Partial<Objects>>;
}

const json = (method: 'GET' | 'POST', url: string, payload?: object): Req => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
const one = (p: number) => [[p]];

/** What a row's fresh() builds with: the app and the organization owner. */
export interface Fixture {
  t: SigningTestApp;
  owner: TestUser;
}

export const ROWS: Record<string, Row> = {
  ...ORGANIZATION_ROWS,
  // authentication/: account-level (the session's own account) or public. The wizard's calls answer 409
  // to an account whose setup is complete, whoever it is.
  'authentication.login': {
    kind: 'public',
    ok: 400,
    request: () => json('POST', '/api/authentication/login', {}),
  },
  'authentication.authorize': {
    kind: 'public',
    ok: 400,
    request: () => json('POST', '/api/authentication/authorize', {}),
  },
  'authentication.logout': { kind: 'account', request: () => json('POST', '/api/authentication/logout') },
  'authentication.accounts': { kind: 'account', request: () => json('GET', '/api/authentication/accounts') },
  'authentication.setup': {
    kind: 'account',
    ok: 409,
    request: () => json('POST', '/api/authentication/setup', { companies: [], language: 'en' }),
  },
  'authentication.wizardSteps': {
    kind: 'account',
    ok: 409,
    request: () => json('GET', '/api/authentication/wizard-steps'),
  },
  'authentication.wizardStart': {
    kind: 'account',
    ok: 409,
    request: () => json('GET', '/api/authentication/wizard/start'),
  },
  'authentication.wizardSkip': {
    kind: 'account',
    ok: 409,
    request: () => json('GET', '/api/authentication/wizard/skip'),
  },
  'authentication.wizardStepGo': {
    kind: 'account',
    ok: 409,
    request: () => json('GET', '/api/authentication/wizard-step/1'),
  },
  'authentication.wizardStepSave': {
    kind: 'account',
    ok: 400,
    request: () => json('POST', '/api/authentication/wizard-step/1', {}),
  },
  'authentication.wizardReset': {
    kind: 'account',
    ok: 409,
    request: () => json('GET', '/api/authentication/wizard-reset'),
  },
  'authentication.sessionsFull': {
    kind: 'account',
    request: () => json('GET', '/api/authentication/sessions/full'),
  },
  'authentication.sessionsMinimal': {
    kind: 'account',
    request: () => json('GET', '/api/authentication/sessions/minimal'),
  },
  'authentication.invalidate': {
    kind: 'account',
    ok: 404,
    request: () => json('GET', `/api/authentication/invalidate/${randomUUID()}`),
  },
  'authentication.language': {
    kind: 'account',
    request: () => json('GET', '/api/authentication/language/fi'),
  },
  'authentication.setDefault': {
    kind: 'account',
    ok: 404,
    request: (o) => json('GET', `/api/authentication/set-default/${o.organizationId}`),
  },
  'authentication.createCompany': {
    kind: 'account',
    request: () => json('POST', '/api/authentication/create-company', { name: 'Matrix Oy' }),
  },

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

  // system/
  'system.health': { kind: 'public', request: () => json('GET', '/api/health') },
  'system.config': { kind: 'public', request: () => json('GET', '/api/config') },

  // plan/ and payments/: billing is the owner's; the balance needs organization view balance.
  'plan.plan': { kind: 'owner', request: () => json('GET', '/api/plan/plan') },
  'plan.catalog': { kind: 'member', request: () => json('GET', '/api/plan/catalog') },
  'plan.prices': { kind: 'member', request: () => json('GET', '/api/plan/prices') },
  'plan.create': {
    kind: 'owner',
    request: () => json('POST', '/api/plan/create', { plan: 'basic', monthly: true }),
  },
  'plan.upgrade': { kind: 'owner', request: () => json('POST', '/api/plan/upgrade', { plan: 'business' }) },
  'plan.topUp': {
    kind: 'owner',
    request: () => json('POST', '/api/plan/balance', { amount: 10, idempotencyKey: randomUUID() }),
  },
  'plan.balance': {
    kind: 'scope',
    grants: one(P.ORG_VIEW_BALANCE),
    request: () => json('GET', '/api/plan/balance'),
  },
  'plan.transactions': { kind: 'owner', request: () => json('GET', '/api/plan/transactions') },
  'payments.canCharge': { kind: 'owner', request: () => json('GET', '/api/payments/can-charge') },
  'payments.setup': { kind: 'owner', request: () => json('GET', '/api/payments/setup') },
  // The sandbox provider takes no webhooks: 404 for everyone alike.
  'payments.webhook': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', '/api/payments/webhook/sandbox', {}),
  },

  // signing/: members on their organization's documents; the signing pages by unguessable token.
  'signing.addSignee': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) =>
      json('POST', `/api/signing/signee/${o.contract}`, { email: `s-${randomUUID()}@example.com` }),
  },
  'signing.signees': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/signing/signees/${o.contract}`),
  },
  'signing.deleteSignee': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('GET', `/api/signing/delete/signee/${o.signee}`),
    fresh: async (o, { t, owner }) => {
      const res = await t.addSignee(owner, o.contract, { email: `gone-${randomUUID()}@example.com` });
      expect(res.statusCode).toBe(200);
      return { signee: res.json().signee.id as string };
    },
  },
  'signing.levels': { kind: 'member', request: () => json('GET', '/api/signing/levels') },
  'signing.send': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('GET', `/api/signing/send/${o.contract}`),
    fresh: async (_o, { t, owner }) => {
      const doc = await t.contract(owner, 'To send', 1);
      expect((await t.addSignee(owner, doc.id, { email: 'signer@example.com' })).statusCode).toBe(200);
      return { contract: doc.id };
    },
  },
  'signing.cancel': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    ok: 409,
    request: (o) => json('GET', `/api/signing/cancel/${o.contract}`),
  },
  'signing.audit': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/signing/audit/${o.contract}`),
  },
  'signing.signed': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    ok: 409,
    request: (o) => json('GET', `/api/signing/signed/${o.contract}`),
  },
  'signing.certificate': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    ok: 409,
    request: (o) => json('GET', `/api/signing/certificate/${o.contract}`),
  },
  'signing.status': {
    kind: 'public',
    request: () => json('GET', `/api/signing/status/signee/${'x'.repeat(43)}`),
  },
  'signing.start': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/signing/start/${'x'.repeat(43)}`),
  },
  'signing.download': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/signing/download/${'x'.repeat(43)}`),
  },
  'signing.downloadCertificate': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/signing/download/certificate/${'x'.repeat(43)}`),
  },
  'signing.session': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/signing/session/${'x'.repeat(43)}`),
  },
  'signing.sessionPdf': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/signing/session/${'x'.repeat(43)}/pdf`),
  },
  'signing.sendCode': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/code`),
  },
  'signing.verifyCode': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/verify`, { code: '123456' }),
  },
  'signing.sign': {
    kind: 'public',
    ok: 400,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/sign`, {}),
  },
};
