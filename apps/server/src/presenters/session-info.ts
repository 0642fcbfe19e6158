import { SESSION_TTL_MS, type SessionInfo } from '@sinetti/contract';
import type { sessions } from '../db/schema/index.ts';
import { describeDevice } from '../lib/user-agent.ts';

/** One of the account's sessions as listed in the profile (public id only, never the secret). */
export function presentSessionInfo(row: typeof sessions.$inferSelect, currentSessionId: string): SessionInfo {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    updated: row.lastUsedAt.toISOString(),
    expires: new Date(row.lastUsedAt.getTime() + SESSION_TTL_MS).toISOString(),
    current: row.id === currentSessionId,
    userAgent: row.userAgent,
    device: describeDevice(row.userAgent),
    ip: row.ip,
  };
}
