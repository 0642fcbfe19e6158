import { z } from 'zod';
import { AUTH_TYPES, WIZARD_STEPS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk, statusReply } from '../envelope.ts';
import { account, session, sessionInfo, wizardState } from './account.ts';
import { idParams, language, platform, uuid } from './common.ts';
import { WIZARD_INVITES_MAX, inviteRow, organizationName } from './wizard.ts';

export const loginReply = statusReply(['OK', 'SETUP_REQUIRED', 'AUTHORIZATION_REQUIRED'], {
  session: session.optional(),
  account: account.optional(),
  redirectUrl: z.string().optional(),
});

export const authentication = {
  login: endpoint({
    id: 'authentication.login',
    method: 'POST',
    path: '/authentication/login',
    access: 'public',
    summary:
      'Start sign-in. CLIENT_GOOGLE / CLIENT_MICROSOFT answer AUTHORIZATION_REQUIRED with the provider URL; ' +
      'SESSION (with a session-id header) re-issues the current session, e.g. after joining an organization; ' +
      'API with the key as credential answers a session bound to the API key (docs/integration.md).',
    body: z.object({
      type: z.enum(AUTH_TYPES),
      credential: z.string().max(4096).optional(),
      /** Where to go after sign-in (an app path). */
      redirect: z.string().max(2048).optional(),
    }),
    reply: loginReply,
  }),
  authorize: endpoint({
    id: 'authentication.authorize',
    method: 'POST',
    path: '/authentication/authorize',
    access: 'public',
    summary:
      'Finish sign-in with what the identity provider returned to /redirect/{type}: its code and state ' +
      '(and iss when present), or its error (access_denied answers UNAUTHORIZED_GOOGLE).',
    body: z
      .object({
        type: platform,
        /** The authorization code; absent when the provider answered with `error`. */
        code: z.string().min(1).max(4096).optional(),
        state: z.string().min(1).max(512),
        scope: z.string().max(2048).optional(),
        /** The provider's `iss` query parameter (RFC 9207), forwarded as received. */
        iss: z.string().max(2048).optional(),
        /** The provider's `error` query parameter, e.g. access_denied when the user refused. */
        error: z.string().max(256).optional(),
        errorDescription: z.string().max(2048).optional(),
        /** The interface language chosen before signing in; a new account starts with it. */
        language: language.optional(),
      })
      .refine((b) => b.code !== undefined || b.error !== undefined, {
        path: ['code'],
        message: 'Required.',
      }),
    reply: loginReply.extend({ redirect: z.string().optional() }),
  }),
  logout: endpoint({
    id: 'authentication.logout',
    method: 'POST',
    path: '/authentication/logout',
    access: 'account',
    summary: 'End the current session.',
    reply: simpleOk,
  }),
  accounts: endpoint({
    id: 'authentication.accounts',
    method: 'GET',
    path: '/authentication/accounts',
    access: 'account',
    summary: 'The signed-in account with its organizations and settings, and the session status.',
    reply: okReply({ account, session: session.omit({ id: true }) }),
  }),
  setup: endpoint({
    id: 'authentication.setup',
    method: 'POST',
    path: '/authentication/setup',
    access: 'account',
    summary:
      'Complete the setup wizard in one step: create the named organization (it becomes the default), ' +
      'store the invites as pending invites to it, save the language. Invites need an organization; ' +
      'empty rows are ignored, the caller’s own address is left out, and the first address that fails ' +
      'WIZARD_INVITE_PATTERN answers VALIDATION_FAILED `Invalid email address: <address>`. ' +
      'A second call answers CONFLICT.',
    body: z.object({
      /** At most one organization name; none keeps Personal as the default. */
      companies: z.array(organizationName).max(1, { message: 'At most one organization.' }).default([]),
      invites: z
        .array(inviteRow)
        .max(WIZARD_INVITES_MAX, { message: `At most ${WIZARD_INVITES_MAX} invites.` })
        .default([]),
      language,
    }),
    reply: okReply({ account }),
  }),
  wizardSteps: endpoint({
    id: 'authentication.wizardSteps',
    method: 'GET',
    path: '/authentication/wizard-steps',
    access: 'account',
    summary: 'The setup wizard state.',
    reply: okReply({ wizard: wizardState }),
  }),
  wizardStart: endpoint({
    id: 'authentication.wizardStart',
    method: 'GET',
    path: '/authentication/wizard/start',
    access: 'account',
    summary: 'Start the wizard (keeps saved data; goes to step 1).',
    reply: okReply({ wizard: wizardState }),
  }),
  wizardSkip: endpoint({
    id: 'authentication.wizardSkip',
    method: 'GET',
    path: '/authentication/wizard/skip',
    access: 'account',
    summary:
      'Skip the current step. Skipping step 1 (create organization) passes over steps 2-4 and lands on 5; ' +
      'steps 3 and 5 skip themselves on load; skipping step 4 (invite users) clears its rows and goes on. ' +
      'Steps 2 and 6 cannot be skipped (CONFLICT).',
    reply: okReply({ wizard: wizardState }),
  }),
  wizardStepGo: endpoint({
    id: 'authentication.wizardStepGo',
    method: 'GET',
    path: '/authentication/wizard-step/:id',
    access: 'account',
    summary: 'Go to a step (back navigation passes over skipped steps).',
    params: z.object({ id: z.coerce.number().int().min(1).max(WIZARD_STEPS.length) }),
    reply: okReply({ wizard: wizardState }),
  }),
  wizardStepSave: endpoint({
    id: 'authentication.wizardStepSave',
    method: 'POST',
    path: '/authentication/wizard-step/:id',
    access: 'account',
    summary:
      "Save a step's data (shape per step: wizardStepData), un-skip the step, and advance to the next " +
      'step that is not skipped. Saving step 1 with create=false skips steps 2-4; create=true brings them back.',
    params: z.object({ id: z.coerce.number().int().min(1).max(WIZARD_STEPS.length) }),
    body: z.object({ data: z.record(z.string(), z.unknown()).default({}) }),
    reply: okReply({ wizard: wizardState }),
  }),
  wizardReset: endpoint({
    id: 'authentication.wizardReset',
    method: 'GET',
    path: '/authentication/wizard-reset',
    access: 'account',
    summary: 'Clear the wizard data and go back to step 1 (only while setup is not complete).',
    reply: okReply({ wizard: wizardState }),
  }),
  sessionsFull: endpoint({
    id: 'authentication.sessionsFull',
    method: 'GET',
    path: '/authentication/sessions/full',
    access: 'account',
    summary: "The account's active sessions with device, address and last use.",
    reply: okReply({ sessions: z.array(sessionInfo) }),
  }),
  sessionsMinimal: endpoint({
    id: 'authentication.sessionsMinimal',
    method: 'GET',
    path: '/authentication/sessions/minimal',
    access: 'account',
    summary: "The account's active sessions (id, last use, current).",
    reply: okReply({ sessions: z.array(sessionInfo.pick({ id: true, updated: true, current: true })) }),
  }),
  invalidate: endpoint({
    id: 'authentication.invalidate',
    method: 'GET',
    path: '/authentication/invalidate/:id',
    access: 'account',
    summary: 'End one of the account’s sessions by its public id.',
    params: idParams,
    reply: simpleOk,
  }),
  language: endpoint({
    id: 'authentication.language',
    method: 'GET',
    path: '/authentication/language/:code',
    access: 'account',
    summary: "Save the account's interface language.",
    params: z.object({ code: language }),
    reply: okReply({ language }),
  }),
  setDefault: endpoint({
    id: 'authentication.setDefault',
    method: 'GET',
    path: '/authentication/set-default/:id',
    access: 'account',
    summary: 'Make one of the account’s organizations its default.',
    params: idParams,
    reply: okReply({ defaultOrganization: uuid }),
  }),
  createCompany: endpoint({
    id: 'authentication.createCompany',
    method: 'POST',
    path: '/authentication/create-company',
    access: 'account',
    summary: 'Create an organization owned by the caller.',
    body: z.object({ name: organizationName }),
    reply: okReply({ companyId: uuid }),
  }),
} as const;
