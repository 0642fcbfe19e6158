import { sql } from 'drizzle-orm';
import { persons } from '../db/schema/index.ts';

/** A person's name from their given and family names (join `persons`), or null when they gave none. */
export const personName = sql<
  string | null
>`nullif(trim(coalesce(${persons.givenName}, '') || ' ' || coalesce(${persons.familyName}, '')), '')`;
