import { z } from 'zod';
import { PLANS, WIZARD_STEPS } from '../constants.ts';
import { isoDate, language, platform, sessionStatus, uuid } from './common.ts';

export const person = z.object({
  id: uuid,
  created: isoDate,
  updated: isoDate,
  givenName: z.string(),
  familyName: z.string(),
  address: z.string().nullable(),
});

/** An organization as the signed-in account sees it in its list. */
export const organizationSummary = z.object({
  id: uuid,
  name: z.string(),
  platform,
  ownerAccount: uuid,
  plan: z.enum(PLANS),
  isPersonal: z.boolean(),
  isMine: z.boolean(),
  isDefault: z.boolean(),
  canLeave: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof organizationSummary>;

export const wizardState = z.object({
  /** Current step, 1 to 6. */
  step: z.number().int().min(1).max(WIZARD_STEPS.length),
  /** Data per step number. */
  data: z.record(z.string(), z.unknown()),
  skipped: z.array(z.number().int()),
  complete: z.boolean(),
});
export type WizardState = z.infer<typeof wizardState>;

export const accountSettings = z.object({
  region: z.string(),
  timezone: z.string(),
  language,
});

export const account = z.object({
  id: uuid,
  created: isoDate,
  updated: isoDate,
  subId: z.string(),
  platform,
  email: z.string(),
  person,
  fullName: z.string(),
  picture: z.string().nullable(),
  /** 'Personal' first. */
  organizations: z.array(organizationSummary),
  language,
  wizard: z.boolean().describe('true while the setup wizard is not complete'),
  wizardSteps: wizardState,
  defaultOrganization: uuid,
  selectedOrganization: uuid,
  settings: accountSettings,
});
export type Account = z.infer<typeof account>;

export const session = z.object({
  /** The secret session id; only ever returned at sign-in. */
  id: z.string(),
  updated: isoDate,
  status: sessionStatus,
  selectedOrganization: uuid.nullable(),
  lastBalance: z.number().nullable(),
});
export type Session = z.infer<typeof session>;

export const sessionInfo = z.object({
  /** Public id of the session (not the secret). */
  id: uuid,
  created: isoDate,
  updated: isoDate,
  expires: isoDate,
  current: z.boolean(),
  userAgent: z.string().nullable(),
  device: z.string(),
  ip: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
