import { accounts, persons } from '../db/schema/index.ts';

/** Whoever made an organization's object (an API key, a webhook endpoint); null when that account is gone. */
export interface Creator {
  id: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
}

/** The selection of the maker's columns, with accounts and persons left-joined on the object's maker. */
export const creatorColumns = {
  id: accounts.id,
  email: accounts.email,
  givenName: persons.givenName,
  familyName: persons.familyName,
};

/** The selected maker columns as a Creator, or null when the account is gone (the left join found nothing). */
export function creatorOf(
  selected: {
    id: string | null;
    email: string | null;
    givenName: string | null;
    familyName: string | null;
  } | null,
): Creator | null {
  if (!selected?.id || selected.email === null) return null;
  return {
    id: selected.id,
    email: selected.email,
    givenName: selected.givenName,
    familyName: selected.familyName,
  };
}
