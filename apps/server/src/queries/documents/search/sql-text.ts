// Values of a search written into SQL text as literals (search tiers are planned with their actual word:
// docs/decisions.md "Search that does not grow with its matches"), and the search text's two match forms.

/** A string as an SQL literal (standard_conforming_strings: only quotes are doubled; NUL cannot be stored). */
export function literal(value: string): string {
  return `'${value.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as an SQL literal; anything else is refused (ids come from the session, never from the text). */
export function uuidLiteral(value: string): string {
  if (!UUID.test(value)) throw new Error('Not a uuid.');
  return `'${value}'::uuid`;
}

/** Words of the search text as a prefix query for to_tsquery ('kaup:* & sopim:*'), or null without words. */
export function prefixQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** An ILIKE pattern for the text anywhere in a name (its own %, _ and \ taken literally). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
