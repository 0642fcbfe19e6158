const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a caller-supplied id can be a row id. Checked before a query so that a malformed id is simply
 * "not found" instead of a database cast error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
