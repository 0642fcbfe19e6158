import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KIND_NAMES,
  type NotificationSettings,
} from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Stored settings over the defaults, kind by kind: a kind added after the member saved theirs gets its
 * default rather than nothing.
 */
export function withDefaults(stored: Partial<NotificationSettings> | undefined): NotificationSettings {
  const kinds = Object.fromEntries(
    NOTIFICATION_KIND_NAMES.map((kind) => [
      kind,
      stored?.kinds?.[kind] ?? DEFAULT_NOTIFICATION_SETTINGS.kinds[kind],
    ]),
  ) as NotificationSettings['kinds'];
  return { kinds, digest: stored?.digest ?? DEFAULT_NOTIFICATION_SETTINGS.digest };
}

/** How the member hears of each kind of event (Profile → Notifications). */
export async function settingsOf(db: DbOrTx, accountId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.accountId, accountId));
  return withDefaults(row?.settings);
}

export async function saveSettings(
  db: DbOrTx,
  clock: Clock,
  accountId: string,
  settings: NotificationSettings,
): Promise<void> {
  const now = clock.now();
  await db
    .insert(notificationSettings)
    .values({ accountId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.accountId, set: { settings, updatedAt: now } });
}
