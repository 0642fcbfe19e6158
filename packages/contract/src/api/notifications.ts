import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';

/** What a notification tells (issue 14 item 2). */
export const NOTIFICATION_KIND_NAMES = [
  'signee-signed',
  'signee-declined',
  'signing-completed',
  'invitation-received',
  'document-shared',
  'balance-low',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KIND_NAMES)[number];

/** Notifications one page of the list holds. */
export const NOTIFICATIONS_PAGE = 20;

/** A charge that takes an organization's balance below this (cents) tells its balance viewers. */
export const LOW_BALANCE_NOTICE_CENTS = 1000;

/** The Helsinki hour from which the day's digest is sent (once a day, the first run at or after it). */
export const DIGEST_HOUR = 8;

const channels = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof channels>;

/** How a member hears of each kind of event, and whether e-mails wait for one daily digest. */
export const notificationSettings = z.object({
  kinds: z.object({
    'signee-signed': channels,
    'signee-declined': channels,
    'signing-completed': channels,
    'invitation-received': channels,
    'document-shared': channels,
    'balance-low': channels,
  }),
  digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * A member's settings until they change them: everything in the app; e-mail for what needs acting on
 * (a declined or completed round, a low balance), not for each signature, an invitation (its own
 * e-mail always goes) or a shared document.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: {
    'signee-signed': { inApp: true, email: false },
    'signee-declined': { inApp: true, email: true },
    'signing-completed': { inApp: true, email: true },
    'invitation-received': { inApp: true, email: false },
    'document-shared': { inApp: true, email: false },
    'balance-low': { inApp: true, email: true },
  },
  digest: false,
};

export const notification = z.object({
  id: uuid,
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  created: isoDate,
  read: z.boolean(),
  organizationId: uuid,
  organizationName: z.string(),
  /** Null once the document is gone, and for kinds about no document (an invitation, the balance). */
  documentId: uuid.nullable(),
  documentName: z.string(),
  signeeName: z.string().nullable(),
  /** document-shared: the role the document was shared with. */
  roleName: z.string().nullable(),
  /** balance-low: the balance (cents) the charge left. */
  balance: z.number().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** Where the web app shows what a notification is about (the app link, and its e-mail's button). */
export function notificationPath(n: { kind: NotificationKind; documentId: string | null }): string {
  if (n.kind === 'invitation-received') return '/profile/organizations';
  if (n.kind === 'balance-low') return '/settings/billing';
  return n.documentId ? `/document/${n.documentId}` : '/notifications';
}

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
  settings: endpoint({
    id: 'notifications.settings',
    method: 'GET',
    path: '/notifications/settings',
    access: 'account',
    summary: 'How the signed-in member hears of each kind of event (Profile → Notifications).',
    reply: okReply({ settings: notificationSettings }),
  }),
  saveSettings: endpoint({
    id: 'notifications.saveSettings',
    method: 'PUT',
    path: '/notifications/settings',
    access: 'account',
    summary:
      'Replaces the signed-in member’s notification settings: per kind in-app and/or e-mail, and a daily ' +
      'digest instead of single e-mails.',
    body: z.object({ settings: notificationSettings }),
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
