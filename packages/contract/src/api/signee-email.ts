import { z } from 'zod';

// Its own module: the web app validates addresses with it in the signee dialog, and a module of its
// own keeps zod out of the pages that only need signing-model's constants (apps/web/build).

/** SPEC §5 signee e-mail messages, word for word. */
export const SIGNEE_MESSAGES = {
  emailRequired: 'Email address is required for signees.',
  emailInvalid: 'The format of the email address is invalid.',
  alreadyAdded: 'A signee with this email address has already been added.',
} as const;

export const signeeEmail = z
  .string({ error: SIGNEE_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: SIGNEE_MESSAGES.emailRequired })
  .max(254, { error: SIGNEE_MESSAGES.emailInvalid })
  .toLowerCase()
  .pipe(z.email({ error: SIGNEE_MESSAGES.emailInvalid }));
