import type { PermissionId } from '@sinetti/contract';

/**
 * Actions are permission ids (SPEC §6) or 'owner' for what only the organization owner may do
 * (billing). Every route authorizes through policies/; nothing else decides who may do what.
 */
export type Action = PermissionId | 'owner';

/**
 * What a value can be authorized for: a member's action, or 'system' for the few callers without an actor
 * that reach a document by a secret or a job of their own (policies/system.ts, docs/decisions.md
 * "System access").
 */
export type Grant = Action | 'system';
