export * from './errors.ts';
export * from './reasons.ts';
export * from './envelope.ts';
export * from './permissions.ts';
export * from './constants.ts';
export * from './helsinki-day.ts';
export * from './endpoint.ts';
export * from './api/common.ts';
export * from './api/names.ts';
export * from './api/account.ts';
export * from './api/wizard.ts';
export * from './api/authentication.ts';
export * from './api/privileges.ts';
export * from './api/document-roles.ts';
export * from './api/system.ts';
export * from './api/document-model.ts';
export * from './api/documents.ts';
export * from './upload-types.ts';
export * from './template-fields.ts';
export * from './api/plan.ts';
export * from './api/payments.ts';
export * from './api/signing.ts';
export * from './api/signing-public.ts';
export * from './api/organizations.ts';
export * from './api/pki.ts';
export * from './api/verification.ts';
export * from './api/guides.ts';
export * from './api/notifications.ts';
export * from './api/shares.ts';
export * from './api/versions.ts';
export * from './api/edit-lock.ts';
export * from './api/api-keys.ts';
export * from './api/webhooks.ts';
export * from './api/embedding.ts';
export * from './api/fields.ts';
export * from './api/bulk-send.ts';

import { authentication } from './api/authentication.ts';
import { apiKeysApi } from './api/api-keys.ts';
import { webhooksApi } from './api/webhooks.ts';
import { embeddingApi } from './api/embedding.ts';
import { fieldsApi } from './api/fields.ts';
import { bulkSendApi } from './api/bulk-send.ts';
import { documents } from './api/documents.ts';
import { privileges } from './api/privileges.ts';
import { system } from './api/system.ts';
import { plan } from './api/plan.ts';
import { payments } from './api/payments.ts';
import { signing } from './api/signing.ts';
import { organizationsApi } from './api/organizations.ts';
import { pki } from './api/pki.ts';
import { verification } from './api/verification.ts';
import { guides } from './api/guides.ts';
import { notificationsApi } from './api/notifications.ts';
import { sharesApi } from './api/shares.ts';
import { versionsApi } from './api/versions.ts';
import { editLockApi } from './api/edit-lock.ts';

/** Every endpoint, by area; the server registers and documents exactly these. */
export const api = {
  authentication,
  apiKeys: apiKeysApi,
  webhooks: webhooksApi,
  embedding: embeddingApi,
  organizations: organizationsApi,
  documents,
  fields: fieldsApi,
  bulkSend: bulkSendApi,
  privileges,
  system,
  plan,
  payments,
  signing,
  pki,
  verification,
  guides,
  notifications: notificationsApi,
  shares: sharesApi,
  versions: versionsApi,
  editLock: editLockApi,
} as const;
