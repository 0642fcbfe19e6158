import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';

export const system = {
  health: endpoint({
    id: 'system.health',
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness and database reachability.',
    reply: okReply({ database: z.enum(['up']), version: z.string() }),
  }),
  config: endpoint({
    id: 'system.config',
    method: 'GET',
    path: '/config',
    access: 'public',
    summary: 'Public configuration the web app needs before sign-in.',
    reply: okReply({
      providers: z.array(z.object({ platform: z.enum(['google', 'microsoft']), local: z.boolean() })),
      version: z.string(),
    }),
  }),
} as const;
