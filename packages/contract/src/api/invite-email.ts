import { z } from 'zod';

// Its own module, like signee-email.ts: the web app's invite dialog validates with it, the pages
// that only call the organizations endpoints do not need zod.

/** The user-invite dialog's address (SPEC §5): required, then a valid address. Lower-cased. */
export const inviteEmail = z
  .string({ error: 'Please enter an email address.' })
  .trim()
  .min(1, { message: 'Please enter an email address.' })
  .max(254, { message: 'Please enter a valid email address.' })
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }));
