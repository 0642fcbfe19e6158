import { api, type GuideName, type GuideProgress } from '@sinetti/contract';
import { call } from '../../lib/api';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

type Saved = Record<string, Partial<Record<GuideName, GuideProgress>>>;

/** The progress this browser kept for the account (SPEC §1: guide progress persists in local storage). */
export function localProgress(accountId: string, name: GuideName): GuideProgress | null {
  return readJson<Saved>(STORAGE_KEYS.guide)?.[accountId]?.[name] ?? null;
}

function keepLocally(accountId: string, name: GuideName, progress: GuideProgress): void {
  const saved = readJson<Saved>(STORAGE_KEYS.guide) ?? {};
  writeJson(STORAGE_KEYS.guide, { ...saved, [accountId]: { ...saved[accountId], [name]: progress } });
}

/** The later of two records of progress: complete wins, then the step further on. */
export function furthest(a: GuideProgress | null, b: GuideProgress | null): GuideProgress {
  const first = a ?? { complete: false, step: 0 };
  const second = b ?? { complete: false, step: 0 };
  return { complete: first.complete || second.complete, step: Math.max(first.step, second.step) };
}

/**
 * Keeps the progress in local storage at once and on the server (guides/set). A failed save is
 * retried by the next fetch of the state (see useGuide), as local storage still holds it.
 */
export async function saveProgress(
  accountId: string,
  name: GuideName,
  progress: GuideProgress,
): Promise<void> {
  keepLocally(accountId, name, progress);
  await call(api.guides.set, {
    body: progress.complete ? { name, complete: true } : { name, complete: false, step: progress.step },
  }).catch(() => undefined);
}
