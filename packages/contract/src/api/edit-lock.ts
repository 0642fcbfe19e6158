import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';

/** One editor at a time per document (issue 13 item 2). */
export const editLockApi = {
  acquire: endpoint({
    id: 'editLock.acquire',
    method: 'POST',
    path: '/documents/edit-lock/:id',
    access: 'organization',
    summary:
      'Takes or renews the editor lock of an editable document (documents edit; else 409 NOT_EDITABLE): the ' +
      'caller edits, others wait. Held by someone else and renewed within EDIT_LOCK_TTL_MS: 409 EDIT_LOCKED ' +
      'with details.lockedBy (their name) and details.lockedUntil; a lapsed lock is taken over.',
    params: z.object({ id: uuid }),
    reply: okReply({ until: isoDate }),
  }),
  release: endpoint({
    id: 'editLock.release',
    method: 'POST',
    path: '/documents/edit-lock/:id/release',
    access: 'organization',
    summary: "Gives up the caller's editor lock (documents edit); nothing happens when they do not hold it.",
    params: z.object({ id: uuid }),
    reply: simpleOk,
  }),
} as const;
