import type { Action, Grant } from './actions.ts';

/**
 * The brand of what the policy layer let through. The symbol is declared here and exported nowhere, so no
 * other module can name the property: the only ways to hold an `Authorized<…>` are the functions of
 * policies/ (lint forbids importing this file or casting to `Authorized` outside policies/).
 */
declare const authorized: unique symbol;

/**
 * A value the policy layer authorized for action `A` (a permission id, 'owner', or 'system' for the system
 * grants of policies/system.ts). Commands and queries take these, never bare rows or organization ids, so
 * a route that forgets to authorize does not compile.
 */
export type Authorized<T, A extends Grant = Action> = T & { readonly [authorized]: A };

/** The caller's reach inside one organization, for queries scoped by it (lists, search, counts). */
export interface Scope {
  organizationId: string;
  accountId: string;
  /** The owner sees every document whatever its roles (docs/decisions.md "Document roles"). */
  seesAll: boolean;
  /** The caller's role ids in the organization: a document restricted to roles is seen with one of them. */
  roleIds: readonly string[];
}

/** A scope authorized for an action: what organization-scoped queries and commands take. */
export type AuthorizedScope<A extends Action = Action> = Authorized<Scope, A>;

/** Brands a value. Only for policies/: everything else receives branded values from them. */
export function grant<T, const A extends Grant>(value: T, _action: A): Authorized<T, A> {
  return value as Authorized<T, A>;
}

/** Brands a fresh copy of a value authorized before (a row read again under a lock) for the same action. */
export function regrant<T, A extends Grant>(value: T, _from: Authorized<unknown, A>): Authorized<T, A> {
  return value as Authorized<T, A>;
}
