import { z } from 'zod';
import { ORGANIZATION_NAME_MAX } from '../constants.ts';
import { requiredName } from './common.ts';

/** An organization's name: trimmed, not empty (SPEC §5: settings, wizard and creation dialog). */
export const organizationName = requiredName(ORGANIZATION_NAME_MAX, 'Organization name is required.');

/**
 * Loose address check of the wizard's invite step (SPEC §5): a local part with optional dots or
 * hyphens, @, a domain, and an ending of 2 to 3 letters. The first address that fails it stops the
 * submit with `Invalid email address: <address>`.
 */
export const WIZARD_INVITE_PATTERN =
  /^[A-Za-z0-9_]+([.-]?[A-Za-z0-9_]+)*@[A-Za-z0-9-]+([.-]?[A-Za-z0-9-]+)*\.[A-Za-z]{2,3}$/;

/** At most this many invite rows in the wizard and in the setup call. */
export const WIZARD_INVITES_MAX = 50;

/** One invite row as typed; empty rows are allowed and ignored. */
export const inviteRow = z.string().trim().max(254, { message: 'At most 254 characters.' });

/**
 * The data each wizard step saves (`POST /authentication/wizard-step/:id` with `{data}`), by step
 * number. Unknown keys are dropped. Steps 3, 5 and 6 carry no data.
 */
export const wizardStepData = {
  1: z.object({ create: z.boolean({ error: 'Choose whether to create an organization.' }) }),
  2: z.object({ name: organizationName }),
  3: z.object({}),
  4: z.object({
    emails: z
      .array(inviteRow)
      .max(WIZARD_INVITES_MAX, { message: `At most ${WIZARD_INVITES_MAX} invites.` })
      .default([]),
  }),
  5: z.object({}),
  6: z.object({}),
} as const;
export type WizardStepNumber = keyof typeof wizardStepData;
