/**
 * Matrix rows (authorization-matrix.test.ts) of the API key calls (issue #34 item 1): all need organization
 * edit details (8). Showing and revoking use an unknown id, so an allowed caller gets 404 and one without
 * the permission 403 first (api-keys.test.ts covers another organization's key).
 */
import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { json, one, type Row } from './matrix-kit.ts';

export const API_KEY_ROWS: Record<string, Row> = {
  'authentication.apiKeyRequests': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    request: () => json('GET', '/api/authentication/apikey-requests'),
  },
  'authentication.apiKey': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    request: () => json('GET', '/api/authentication/apikey/none'),
  },
  'authentication.apiKeyCreate': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    request: () =>
      json('POST', '/api/authentication/apikey/none', {
        name: `Matrix ${randomUUID().slice(0, 8)}`,
        permissions: [P.ORG_EDIT_DETAILS],
      }),
  },
  'authentication.apiKeyRevoke': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    ok: 404,
    request: () => json('POST', `/api/authentication/apikey/${randomUUID()}/revoke`),
  },
};
