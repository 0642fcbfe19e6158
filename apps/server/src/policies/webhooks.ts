import { P } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import { authorizeOrganization, authorizeSubject, type OrganizationScoped } from './index.ts';

/**
 * Webhooks are an organization setting, managed with organization edit details (8) like API keys. An API
 * key holding that permission may manage them too (an integration registers its own receiver).
 */
export const MANAGE_WEBHOOKS = P.ORG_EDIT_DETAILS;

export function authorizeWebhookManager(actor: OrganizationActor) {
  return authorizeOrganization(actor, MANAGE_WEBHOOKS);
}

/** An endpoint or delivery of the caller's organization (another organization's or none: 404). */
export function authorizeWebhookSubject<S extends OrganizationScoped>(
  actor: OrganizationActor,
  subject: S | null | undefined,
) {
  return authorizeSubject(actor, MANAGE_WEBHOOKS, subject);
}
