import { api, type GuideName } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { guideStates, setGuideProgress } from '../../commands/guides.ts';
import { defineRoute } from '../../http/route.ts';

/** guides/ (SPEC §7.6): the signed-in account's own progress in the guided tours; nobody else's. */
export function registerGuideRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.guides.states,
  )(async ({ ctx, actor }) => {
    const progress = await guideStates(ctx.db, actor.account.id);
    const states = Object.fromEntries(
      Object.entries(progress).map(([name, p]) => [name, p.complete]),
    ) as Record<GuideName, boolean>;
    return { status: 'OK', guides: { states, progress } };
  });

  defineRoute(
    app,
    api.guides.set,
  )(async ({ ctx, actor, body }) => {
    await setGuideProgress(ctx.db, ctx.clock, actor.account.id, body);
    return { status: 'OK' };
  });
}
