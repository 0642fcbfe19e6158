import type { Creator } from '../queries/creator.ts';
import { fullNameOf } from './account.ts';

/** The maker of an organization's object as its managers see it: the address only with users view details. */
export function presentCreator(
  creator: Creator | null,
  seesEmail: boolean,
): { id: string; name: string } | null {
  if (!creator) return null;
  return {
    id: creator.id,
    name: fullNameOf(
      { givenName: creator.givenName ?? '', familyName: creator.familyName ?? '' },
      seesEmail ? creator.email : '',
    ),
  };
}
