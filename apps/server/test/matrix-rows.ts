/**
 * The rows of the authorization matrix (authorization-matrix.test.ts): for each endpoint of the contract,
 * how it is reached, which permissions let a member through, what an allowed call answers on the fixture,
 * and how to build its request. Every endpoint needs a row; the matrix fails for one without.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS, P } from '@sinetti/contract';
import { expect } from 'vitest';
import { json, one, type Row } from './matrix-kit.ts';
import { DOCUMENT_ROWS } from './matrix-rows-documents.ts';
import { ORGANIZATION_ROWS } from './matrix-rows-organizations.ts';
import { API_KEY_ROWS } from './matrix-rows-api-keys.ts';
import { WEBHOOK_ROWS } from './matrix-rows-webhooks.ts';
import { EMBEDDING_ROWS } from './matrix-rows-embedding.ts';
import { BULK_SEND_ROWS } from './matrix-rows-bulk-send.ts';

export type { Fixture, Objects, Row } from './matrix-kit.ts';

export const ROWS: Record<string, Row> = {
  ...ORGANIZATION_ROWS,
  ...DOCUMENT_ROWS,
  ...API_KEY_ROWS,
  ...WEBHOOK_ROWS,
  ...EMBEDDING_ROWS,
  ...BULK_SEND_ROWS,
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

  // system/
  'system.health': { kind: 'public', request: () => json('GET', '/api/health') },
  'system.config': { kind: 'public', request: () => json('GET', '/api/config') },
  'system.feedback': {
    kind: 'account',
    request: () => json('POST', '/api/feedback', { message: 'Matrix feedback' }),
  },

  'system.errorReport': {
    kind: 'public',
    request: () => json('POST', '/api/error-reports', { kind: 'uncaught', message: 'Matrix', page: '/' }),
  },

  // notifications/: the account's own.
  'notifications.list': { kind: 'account', request: () => json('GET', '/api/notifications') },
  'notifications.unread': { kind: 'account', request: () => json('GET', '/api/notifications/unread') },
  'notifications.read': {
    kind: 'account',
    ok: 404,
    request: () => json('POST', `/api/notifications/read/${randomUUID()}`, {}),
  },
  'notifications.settings': { kind: 'account', request: () => json('GET', '/api/notifications/settings') },
  'notifications.saveSettings': {
    kind: 'account',
    request: () => json('PUT', '/api/notifications/settings', { settings: DEFAULT_NOTIFICATION_SETTINGS }),
  },
  'notifications.readAll': {
    kind: 'account',
    request: () => json('POST', '/api/notifications/read-all', {}),
  },

  // guides/: the account's own progress.
  'guides.states': { kind: 'account', request: () => json('GET', '/api/guides/states') },
  'guides.set': {
    kind: 'account',
    request: () => json('POST', '/api/guides/set', { name: 'dashboard', complete: false, step: 1 }),
  },

  // pki/: the CA's files and the time-stamping unit are for anyone.
  'pki.caCertificate': { kind: 'public', request: () => json('GET', '/api/pki/ca.crt') },
  'pki.crl': { kind: 'public', request: () => json('GET', '/api/pki/ca.crl') },
  'pki.timestamp': {
    kind: 'public',
    request: () => ({
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      // TimeStampReq { version 1, messageImprint { sha-256, 32 zero bytes } }
      payload: Buffer.concat([
        Buffer.from('3034020101302f300b0609608648016503040201' + '0420', 'hex'),
        Buffer.alloc(32),
      ]),
    }),
  },

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
  'signing.sendWithOptions': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) =>
      json('POST', `/api/signing/send/${o.contract}`, { message: 'Please sign.', reminderDays: 7 }),
    fresh: async (_o, { t, owner }) => {
      const doc = await t.contract(owner, 'To send with options', 1);
      expect((await t.addSignee(owner, doc.id, { email: 'signer@example.com' })).statusCode).toBe(200);
      return { contract: doc.id };
    },
  },
  'signing.quote': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    request: (o) => json('GET', `/api/signing/quote/${o.contract}`),
  },
  'signing.remind': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_EDIT),
    ok: 409,
    request: (o) => json('POST', `/api/signing/remind/${o.contract}`, {}),
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
  'signing.timeline': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    request: (o) => json('GET', `/api/signing/timeline/${o.contract}`),
  },
  'signing.signed': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    ok: 409,
    request: (o) => json('GET', `/api/signing/signed/${o.contract}`),
  },
  'verification.document': {
    subject: 'document',
    kind: 'object',
    grants: one(P.DOCUMENTS_VIEW),
    ok: 409,
    request: (o) => json('GET', `/api/signing/verification/${o.contract}`),
  },
  // verification/: anyone may check a PDF (not a PDF here: 415 after the public gate).
  'verification.verify': {
    kind: 'public',
    ok: 415,
    request: () => ({
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('not a pdf'),
    }),
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
  'signing.decline': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/decline/${'x'.repeat(43)}`, { reason: 'No' }),
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
  'shares.open': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/public/share/${'x'.repeat(43)}`),
  },
  'shares.download': {
    kind: 'public',
    ok: 404,
    request: () => json('GET', `/api/public/share/${'x'.repeat(43)}/download`),
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
  'signing.heartbeat': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/heartbeat`),
  },
  'signing.leave': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/leave`),
  },
  'signing.sessionDecline': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/decline`, { reason: 'No' }),
  },
  'signing.sign': {
    kind: 'public',
    ok: 400,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/sign`, {}),
  },
  'signing.identify': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/identify`),
  },
  'signing.remoteSign': {
    kind: 'public',
    ok: 400,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/remote-sign`, {}),
  },
  'signing.providerReturn': {
    kind: 'public',
    ok: 404,
    request: () => json('POST', `/api/signing/session/${'x'.repeat(43)}/return`, { state: 's', code: 'c' }),
  },
};
