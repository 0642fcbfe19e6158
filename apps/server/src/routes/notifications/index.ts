import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { listNotifications, markRead, unreadCount } from '../../commands/notifications/list.ts';
import { registerNotificationJobs } from '../../commands/notifications/mail.ts';
import { saveSettings, settingsOf } from '../../commands/notifications/settings.ts';
import { defineRoute } from '../../http/route.ts';

/** notifications/ (issue 14 item 2): the signed-in member's own, in the organizations they belong to. */
export function registerNotificationRoutes(app: FastifyInstance): void {
  registerNotificationJobs(app.jobs.registry);

  defineRoute(
    app,
    api.notifications.settings,
  )(async ({ ctx, actor }) => ({ status: 'OK', settings: await settingsOf(ctx.db, actor.account.id) }));

  defineRoute(
    app,
    api.notifications.saveSettings,
  )(async ({ ctx, actor, body }) => {
    await saveSettings(ctx.db, ctx.clock, actor.account.id, body.settings);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.notifications.list,
  )(async ({ ctx, actor, query }) => {
    const page = await listNotifications(ctx.db, actor.account.id, query.before);
    return { status: 'OK', ...page, unread: await unreadCount(ctx.db, actor.account.id) };
  });

  defineRoute(
    app,
    api.notifications.unread,
  )(async ({ ctx, actor }) => ({ status: 'OK', unread: await unreadCount(ctx.db, actor.account.id) }));

  defineRoute(
    app,
    api.notifications.read,
  )(async ({ ctx, actor, params }) => {
    await markRead(ctx.db, ctx.clock, actor.account.id, params.id);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.notifications.readAll,
  )(async ({ ctx, actor }) => {
    await markRead(ctx.db, ctx.clock, actor.account.id, 'all');
    return { status: 'OK' };
  });
}
