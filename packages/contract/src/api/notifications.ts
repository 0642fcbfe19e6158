import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';

/** What a notification tells (issue 14 item 2). */
export const NOTIFICATION_KIND_NAMES = ['signee-signed', 'signee-declined', 'signing-completed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KIND_NAMES)[number];

/** Notifications one page of the list holds. */
export const NOTIFICATIONS_PAGE = 20;

export const notification = z.object({
  id: uuid,
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  created: isoDate,
  read: z.boolean(),
  organizationId: uuid,
  organizationName: z.string(),
  /** Null once the document is gone. */
  documentId: uuid.nullable(),
  documentName: z.string(),
  signeeName: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsApi = {
  list: endpoint({
    id: 'notifications.list',
    method: 'GET',
    path: '/notifications',
    access: 'account',
    summary:
      "The signed-in member's notifications in the organizations they belong to now, newest first, a page " +
      'at a time: pass the last id of a page as `before` for the next one.',
    query: z.object({ before: uuid.optional() }),
    reply: okReply({ notifications: z.array(notification), unread: z.number(), hasMore: z.boolean() }),
  }),
  unread: endpoint({
    id: 'notifications.unread',
    method: 'GET',
    path: '/notifications/unread',
    access: 'account',
    summary: 'How many of the signed-in member’s notifications are unread (the navigation’s count).',
    reply: okReply({ unread: z.number() }),
  }),
  read: endpoint({
    id: 'notifications.read',
    method: 'POST',
    path: '/notifications/read/:id',
    access: 'account',
    summary: 'Marks one of the member’s notifications read; anyone else’s answers 404.',
    params: z.object({ id: uuid }),
    reply: simpleOk,
  }),
  readAll: endpoint({
    id: 'notifications.readAll',
    method: 'POST',
    path: '/notifications/read-all',
    access: 'account',
    summary: 'Marks all of the member’s notifications read.',
    reply: simpleOk,
  }),
} as const;
