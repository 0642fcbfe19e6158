import { z } from 'zod';
import { LANGUAGES, PLATFORMS, SESSION_STATUSES } from '../constants.ts';

export const uuid = z.uuid({ message: 'Must be a valid id.' });
export const idParams = z.object({ id: uuid });
export const language = z.enum(LANGUAGES);
export const platform = z.enum(PLATFORMS);
/** Control characters other than line breaks and tabs: plain text a person wrote has none. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const isoDate = z.string().describe('ISO 8601 timestamp (UTC)');

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'The format of the email address is invalid.' }));

export const sessionStatus = z.enum(SESSION_STATUSES);
