import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';

/** NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (not valid Unicode). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string (or object key) in `value` that no column could store, or null.
 * Iterative, so that deeply nested input cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown, where: string): string | null {
  interface Node {
    value: unknown;
    key: string;
    parent: Node | null;
  }
  const name = (node: Node | null): string => {
    const keys: string[] = [];
    for (let n = node; n?.parent; n = n.parent) keys.unshift(n.key);
    return keys.length > 0 ? keys.join('.') : where;
  };
  const stack: Node[] = [{ value, key: '', parent: null }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (typeof node.value === 'string') {
      if (UNSTORABLE.test(node.value)) return name(node);
    } else if (node.value !== null && typeof node.value === 'object') {
      for (const [key, child] of Object.entries(node.value)) {
        if (UNSTORABLE.test(key)) return name(node);
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

/**
 * Parses input with a contract schema; a mismatch is 400 VALIDATION_FAILED with a message per field.
 * Whatever the schema, a string with NUL or a lone surrogate anywhere in the input is refused the same
 * way (the contract's name fields refuse more: see `nameText`).
 */
export function parseInput<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: string,
): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? (where === 'body' ? {} : value));
  if (result.success) {
    const bad = findUnstorableText(result.data, where);
    if (bad !== null) {
      const message = 'Remove NUL characters and unpaired surrogates.';
      throw new AppError('VALIDATION_FAILED', `${bad}: ${message}`, { [bad]: message });
    }
    return result.data;
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  throw new AppError('VALIDATION_FAILED', first ? `${first[0]}: ${first[1]}` : 'Invalid input.', fields);
}
