import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';

/** Parses input with a contract schema; a mismatch is 400 VALIDATION_FAILED with a message per field. */
export function parseInput<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: string,
): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? (where === 'body' ? {} : value));
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  throw new AppError('VALIDATION_FAILED', first ? `${first[0]}: ${first[1]}` : 'Invalid input.', fields);
}
