import { z } from 'zod';
import { ORGANIZATION_NAME_MAX } from '../constants.ts';
import { nameText, requiredName } from './names.ts';

/** An organization's name: trimmed, not empty (SPEC §5: settings, wizard and creation dialog). */
export const organizationName = requiredName(ORGANIZATION_NAME_MAX, 'Organization name is required.');

/**
 * Loose address check of the wizard's invite step (SPEC §5): a local part with optional dots or
 * hyphens, @, a domain, and an ending of 2 to 3 letters. The first address that fails it stops the
 * submit with `Invalid email address: <address>`.
 */
export const WIZARD_INVITE_PATTERN =
  /^[A-Za-z0-9_]+([.-]?[A-Za-z0-9_]+)*@[A-Za-z0-9-]+([.-]?[A-Za-z0-9-]+)*\.[A-Za-z]{2,3}$/;

/** Step numbers of the six setup screens (SPEC §2.6). */
export const WIZARD_STEP = {
  createOrganization: 1,
  organizationName: 2,
  invites: 3,
  inviteUsers: 4,
  choosePlan: 5,
  confirmPlan: 6,
} as const;

export type InviteCheck = { ok: true; emails: string[] } | { ok: false; index: number; address: string };

/**
 * SPEC §5: empty rows are ignored; each other row must match WIZARD_INVITE_PATTERN, and the first
 * one that does not stops the submit. Used by the wizard screen and by the server alike.
 */
export function checkInviteRows(rows: readonly string[]): InviteCheck {
  const emails: string[] = [];
  for (const [index, row] of rows.entries()) {
    const address = row.trim();
    if (address === '') continue;
    if (!WIZARD_INVITE_PATTERN.test(address)) return { ok: false, index, address };
    emails.push(address);
  }
  return { ok: true, emails };
}

/** At most this many invite rows in the wizard and in the setup call. */
export const WIZARD_INVITES_MAX = 50;

/** One invite row as typed; empty rows are allowed and ignored. */
export const inviteRow = nameText({ max: 254, min: 0 });

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
