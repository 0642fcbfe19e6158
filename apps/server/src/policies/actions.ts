import type { PermissionId } from '@sinetti/contract';

/**
 * Actions are permission ids (SPEC §6) or 'owner' for what only the organization owner may do
 * (billing). Every route authorizes through policies/; nothing else decides who may do what.
 */
export type Action = PermissionId | 'owner';
