import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';

export const system = {
  health: endpoint({
    id: 'system.health',
    method: 'GET',
    path: '/health',
    access: 'public',
    summary:
      'Readiness: the database answers and the file storage takes a write. Otherwise 503 UNAVAILABLE (or 507 ' +
      'INSUFFICIENT_STORAGE) with reason DATABASE_UNAVAILABLE, STORAGE_FULL or STORAGE_UNWRITABLE and ' +
      'details {database, storage}.',
    reply: okReply({ database: z.enum(['up']), storage: z.enum(['writable']), version: z.string() }),
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
