import { api, type Platform } from '@sinetti/contract';
import { call } from '../../../lib/api';

export const AUTH_TYPE_OF: Record<Platform, 'CLIENT_GOOGLE' | 'CLIENT_MICROSOFT'> = {
  google: 'CLIENT_GOOGLE',
  microsoft: 'CLIENT_MICROSOFT',
};

export interface LoginInput {
  platform: Platform;
  /** App path to return to after sign-in. */
  redirect?: string;
}

/** Starts sign-in with a provider; the reply normally carries the provider's redirectUrl (SPEC §4.4). */
export function login({ platform, redirect }: LoginInput) {
  return call(api.authentication.login, { body: { type: AUTH_TYPE_OF[platform], redirect } });
}
