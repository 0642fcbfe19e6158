import type { OrganizationActor } from '../http/actor.ts';
import { authorizeOrganization, authorizeSubject, type OrganizationScoped } from './index.ts';

/**
 * Webhooks are managed by the organization's owner only. An endpoint receives the events of every document
 * of the organization (names, signees), and only the owner sees every document: a member with organization
 * edit details (8) kept out of a restricted folder would otherwise read its documents through a receiver or
 * the delivery log. API keys are never the owner, so a leaked key cannot register a receiver that outlives
 * its revocation.
 */
export const MANAGE_WEBHOOKS = 'owner';

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
