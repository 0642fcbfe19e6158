/**
 * Matrix rows (authorization-matrix.test.ts) of the embedding origins (issue #34 item 3): both calls need
 * organization edit details (8). The list written is empty, so the matrix leaves no origin behind.
 */
import { P } from '@sinetti/contract';
import { json, one, type Row } from './matrix-kit.ts';

export const EMBEDDING_ROWS: Record<string, Row> = {
  'embedding.get': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    request: () => json('GET', '/api/embedding'),
  },
  'embedding.update': {
    kind: 'scope',
    grants: one(P.ORG_EDIT_DETAILS),
    request: () => json('POST', '/api/embedding', { origins: [] }),
  },
};
